//! The worker's messages as JSON text: a draft is free-form JSON, which
//! bincode (yew-agent's default) cannot decode.

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;
use yew_agent::Codec;

/// Messages as JSON text.
#[derive(Debug)]
pub struct JsonCodec;

impl Codec for JsonCodec {
    fn encode<I: Serialize>(input: I) -> JsValue {
        JsValue::from_str(&serde_json::to_string(&input).unwrap_or_default())
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let text = input.as_string().unwrap_or_default();
        serde_json::from_str(&text).expect("worker messages are JSON written by the same build")
    }
}
