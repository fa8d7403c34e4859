//! A scenario file's JSON text → `serde_json::Value`, refusing a key that
//! appears twice in one object. serde_json alone keeps the last value
//! silently, so `{"load": {…}, "load": {…}}` would lose the first section.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// How the error for a key given twice begins (the dotted key follows).
pub(crate) const DUPLICATE: &str = "a second value for";

/// Parses `text` like `serde_json::from_str`, but a duplicate key is an error
/// that names its dotted path. A leading UTF-8 byte-order mark is skipped
/// (Windows editors write one).
pub(crate) fn parse(text: &str) -> Result<Value, serde_json::Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict {
        path: String::new(),
    }
    .deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Builds a value at `path` (the dotted key of the object being read).
struct Strict {
    path: String,
}

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // serde_json never yields a non-finite number.
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(Strict {
            path: format!("{}[{}]", self.path, out.len()),
        })? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = if self.path.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.path)
            };
            if out.contains_key(&key) {
                return Err(de::Error::custom(format_args!(
                    "{DUPLICATE} {}",
                    super::error::echo(&path)
                )));
            }
            let value = map.next_value_seed(Strict { path })?;
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true], "b": {"c": {}}}"#;
        assert_eq!(
            parse(text).unwrap(),
            serde_json::from_str::<serde_json::Value>(text).unwrap()
        );
    }

    #[test]
    fn a_duplicate_key_is_named_with_its_path() {
        let e = parse(r#"{"load": {"concurrency": 5, "concurrency": 6}}"#).unwrap_err();
        assert!(
            e.to_string().contains("value for load.concurrency at"),
            "{e}"
        );
        let e = parse(r#"{"load": {}, "server": {}, "load": {}}"#).unwrap_err();
        assert!(e.to_string().contains("value for load at"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert!(parse("\u{feff}{}").unwrap().is_object());
    }
}
