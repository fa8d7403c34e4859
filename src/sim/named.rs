//! Enums that a report shows by name: each variant's name is written once,
//! next to it, and serde, `Display` and the list of variants follow from it.

/// Defines a fieldless enum whose variants each carry a name (`Variant =
/// "name"`), with `ALL` (every variant, in order), `NAMES`, `name()`, `Display`, and
/// serde as that name, so JSON reads `"db_pool"` and a map keyed by the enum
/// is an object keyed by the names.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $name:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $ty {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $ty {
            /// Every variant, in declaration order.
            pub const ALL: [$ty; [$($name),+].len()] = [$($ty::$variant),+];

            /// Every variant's name, in declaration order (a setting's
            /// choices, when the setting names one of them).
            pub const NAMES: [&'static str; [$($name),+].len()] = [$($name),+];

            /// Its name in reports and JSON.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let name = String::deserialize(d)?;
                Self::ALL
                    .into_iter()
                    .find(|v| v.name() == name)
                    .ok_or_else(|| serde::de::Error::unknown_variant(&name, &[$($name),+]))
            }
        }
    };
}

pub(crate) use named_enum;
