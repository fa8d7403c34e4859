//! The `db.*` section: HikariCP's pool.

use super::reader::Reader;
use crate::sim::config::Db;
use crate::sim::time::from_ms;

pub(super) fn read(r: &mut Reader) -> Db {
    Db {
        pool_size: r.int("db.pool_size") as u32,
        timeout: from_ms(r.float("db.timeout_ms")),
    }
}
