//! A validation problem, worded for people.

use std::fmt;

/// One problem with one input value.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FieldError {
    /// The dotted key, e.g. `load.concurrency`.
    pub field: String,
    /// The value as given.
    pub value: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl FieldError {
    /// A new error for `field` with the offending `value`.
    pub fn new(
        field: impl Into<String>,
        value: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        FieldError {
            field: field.into(),
            value: value.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} — {}", self.field, self.value, self.message)
    }
}

impl std::error::Error for FieldError {}
