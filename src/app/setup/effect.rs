//! Settings that change nothing in the scenario as set, and why: the form
//! says so beside the field instead of letting a change do nothing in
//! silence. Each rule reads the validated configuration of every column
//! that runs, and holds only when it holds for all of them.

use crate::i18n::keys::{Key, ui as words};
use crate::scenario::{Draft, Moot, field, validate};
use crate::sim::config::Config;

/// The running columns' configurations, validated once for every key's
/// question.
pub(crate) struct Effects {
    configs: Vec<Config>,
}

impl Effects {
    /// The running columns' drafts (`Setup::drafts`), if every one of
    /// them validates.
    pub(crate) fn of<'a>(drafts: impl IntoIterator<Item = &'a Draft>) -> Option<Effects> {
        let configs: Vec<Config> = (drafts.into_iter())
            .map(|d| validate(d).ok())
            .collect::<Option<_>>()?;
        (!configs.is_empty()).then_some(Effects { configs })
    }

    /// Why `key` has no effect, or `None` when it may have one: its schema
    /// entry names the condition, which holds for every running column.
    pub(crate) fn why(&self, key: &str) -> Option<Key> {
        let moot = field(key)?.moot?;
        (self.configs.iter())
            .all(|c| moot.holds(c, key))
            .then_some(words_for(moot))
    }
}

/// The form's words for a condition.
fn words_for(moot: Moot) -> Key {
    match moot {
        Moot::NoDbStep => words::EFFECT_NO_DB,
        Moot::NoSyncBlock => words::EFFECT_NO_SYNC,
        Moot::NoSharedLock => words::EFFECT_NO_SHARED_LOCK,
        Moot::NoTomcatPool => words::EFFECT_NO_POOL,
        Moot::NothingVirtual => words::EFFECT_NO_VIRTUAL,
        Moot::NoClientCpu => words::EFFECT_NO_CLIENT_CPU,
        Moot::LengthElsewhere => words::EFFECT_LENGTH_ELSEWHERE,
        Moot::NoCollector => words::EFFECT_NO_GC,
        Moot::ExecutorIsVirtual => words::EFFECT_POOL_ONLY,
        Moot::ExecutorIsPool => words::EFFECT_VIRTUAL_ONLY,
        Moot::NoAsyncStep => words::EFFECT_NO_ASYNC,
        Moot::NoCpuLimit => words::EFFECT_NO_CPU_LIMIT,
        Moot::ClientOutsideContainer => words::EFFECT_CLIENT_OUTSIDE,
        Moot::LatencyNotLognormal => words::EFFECT_NOT_LOGNORMAL,
        Moot::NoRateLimit => words::EFFECT_NO_RATE_LIMIT,
        Moot::NoFault => words::EFFECT_NO_FAULT,
        Moot::NoRetry => words::EFFECT_NO_RETRY,
        Moot::NoBreaker => words::EFFECT_NO_BREAKER,
        Moot::NoRateLimiter => words::EFFECT_NO_RATE_LIMITER,
        Moot::NotJdkClient => words::EFFECT_NOT_JDK_CLIENT,
        Moot::EndpointsGiven => words::EFFECT_ENDPOINTS_GIVEN,
    }
}
