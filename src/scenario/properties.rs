//! A scenario's settings as a Spring Boot service writes them: each key
//! the draft sets whose real setting is a property (its schema entry's
//! `property`: `server.tomcat.threads.max`, `spring.datasource.hikari.*`,
//! Resilience4j's instance properties) as `application.properties` lines,
//! JVM flags as flags, and what needs code (an `@Async` executor bean) as
//! such. Settings of the model or the load tool are not the service's and
//! are left out.

use crate::i18n::{Locale, lookup};

use super::Draft;

/// One setting of the service.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Setting {
    /// An `application.properties` line.
    Property {
        /// The property.
        name: String,
        /// Its value as Spring binds it (durations with their unit).
        value: String,
        /// The scenario key it comes from.
        key: String,
    },
    /// A JVM option (`-Xmx512m`, `-Djdk.virtualThreadScheduler.parallelism=8`).
    Jvm {
        /// The option.
        option: String,
        /// The scenario key it comes from.
        key: String,
    },
}

/// The schema's real setting of `key` (`async.x.max` reads `async.*.max`).
fn property_of(key: &str) -> Option<&'static str> {
    let mut parts: Vec<&str> = key.split('.').collect();
    if parts.len() == 3 && matches!(parts[0], "async" | "downstream") {
        parts[1] = "*";
    }
    lookup(Locale::En, &format!("field.{}.property", parts.join(".")))
}

/// A value as Spring binds a `Duration` from a key's unit suffix.
fn duration(key: &str, value: &str) -> String {
    if key.ends_with("_ms") {
        format!("{value}ms")
    } else if key.ends_with("_s") {
        format!("{value}s")
    } else {
        value.to_string()
    }
}

/// Resilience4j's instance property for a downstream's guard setting:
/// `downstream.NAME.breaker_window` → `resilience4j.circuitbreaker.instances.NAME.slidingWindowSize`.
fn resilience4j(name: &str, setting: &str, property: &str) -> Option<(String, String)> {
    let module = if setting.starts_with("breaker_") {
        "circuitbreaker"
    } else if setting.starts_with("retry_") && setting != "retry_on" {
        "retry"
    } else if setting.starts_with("rate_limiter_") {
        "ratelimiter"
    } else {
        return None;
    };
    // The catalogue names Resilience4j's first, then Spring Retry's.
    let first = property.split(" / ").next()?.trim();
    let simple = !first.is_empty() && first.chars().all(|c| c.is_ascii_alphanumeric());
    simple.then(|| {
        (
            format!("resilience4j.{module}.instances.{name}.{first}"),
            first.to_string(),
        )
    })
}

/// The value of a Resilience4j setting as its properties bind it.
fn resilience4j_value(setting: &str, value: &str) -> String {
    match setting {
        "breaker_window_type" => value.to_ascii_uppercase(),
        s => duration(s, value),
    }
}

/// The service's settings among `draft`'s, in the draft's order.
pub fn spring_settings(draft: &Draft) -> Vec<Setting> {
    let mut out = Vec::new();
    for (key, value) in draft.leaves() {
        let value = match value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Null => continue,
            v => v.to_string(),
        };
        if let Some(s) = setting(&key, &value) {
            out.push(s);
        }
    }
    out
}

fn setting(key: &str, value: &str) -> Option<Setting> {
    let property = property_of(key)?;
    let prop = |name: &str, value: String| Setting::Property {
        name: name.to_string(),
        value,
        key: key.to_string(),
    };
    let jvm = |option: String| Setting::Jvm {
        option,
        key: key.to_string(),
    };
    match key {
        "server.mode" => return Some(prop(property, (value == "virtual").to_string())),
        "memory.heap_mb" => return Some(jvm(format!("-Xmx{value}m"))),
        "memory.initial_heap_mb" => return Some(jvm(format!("-Xms{value}m"))),
        "memory.xss_kb" => return Some(jvm(format!("-Xss{value}k"))),
        _ => {}
    }
    if let Some(rest) = key.strip_prefix("downstream.") {
        let (name, setting) = rest.split_once('.')?;
        let (name_prop, _) = resilience4j(name, setting, property)?;
        return Some(prop(&name_prop, resilience4j_value(setting, value)));
    }
    if property.starts_with("server.") || property.starts_with("spring.") {
        return Some(prop(property, duration(key, value)));
    }
    if property.starts_with("jdk.") {
        return Some(jvm(format!("-D{property}={value}")));
    }
    None
}

/// [`spring_settings`] as the text of an `application.properties` file,
/// then the JVM options as a comment (they go on the command line).
pub fn application_properties(draft: &Draft) -> String {
    let settings = spring_settings(draft);
    let mut out = String::new();
    for s in &settings {
        if let Setting::Property { name, value, key } = s {
            out.push_str(&format!("{name}={value}  # {key}\n"));
        }
    }
    let jvm: Vec<&str> = settings
        .iter()
        .filter_map(|s| match s {
            Setting::Jvm { option, .. } => Some(option.as_str()),
            _ => None,
        })
        .collect();
    if !jvm.is_empty() {
        out.push_str(&format!("# JVM options: {}\n", jvm.join(" ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(pairs: &[(&str, &str)]) -> Draft {
        let mut d = Draft::new();
        for (k, v) in pairs {
            d.set(k, v).unwrap();
        }
        d
    }

    #[test]
    fn the_services_settings_become_its_properties() {
        let d = draft(&[
            ("server.mode", "virtual"),
            ("server.threads_max", "400"),
            ("db.pool_size", "20"),
            ("db.timeout_ms", "250"),
            ("server.carriers", "8"),
            ("memory.heap_mb", "512"),
            ("load.concurrency", "100"),
            ("program", "call(inv)"),
            ("downstream.inv.breaker", "resilience4j"),
            ("downstream.inv.breaker_window", "20"),
            ("downstream.inv.breaker_window_type", "time_based"),
            ("downstream.inv.breaker_open_s", "5"),
            ("downstream.inv.rate_limiter_period_ms", "500"),
        ]);
        let text = application_properties(&d);
        for line in [
            "spring.threads.virtual.enabled=true  # server.mode",
            "server.tomcat.threads.max=400  # server.threads_max",
            "spring.datasource.hikari.maximum-pool-size=20  # db.pool_size",
            "spring.datasource.hikari.connection-timeout=250ms  # db.timeout_ms",
            "resilience4j.circuitbreaker.instances.inv.slidingWindowSize=20",
            "resilience4j.circuitbreaker.instances.inv.slidingWindowType=TIME_BASED",
            "resilience4j.circuitbreaker.instances.inv.waitDurationInOpenState=5s",
            "resilience4j.ratelimiter.instances.inv.limitRefreshPeriod=500ms",
        ] {
            assert!(text.contains(line), "{line} not in:\n{text}");
        }
        assert!(
            text.contains("# JVM options: -Xmx512m -Djdk.virtualThreadScheduler.parallelism=8"),
            "{text}"
        );
        // The load tool's and the model's settings are not the service's.
        assert!(
            !text.contains("load.concurrency") && !text.contains("program"),
            "{text}"
        );
    }
}
