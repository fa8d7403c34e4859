//! The `db.*` section: HikariCP's pool.

use super::reader::Reader;
use crate::sim::config::{Db, Driver};
use crate::sim::time::from_ms;

pub(super) fn read(r: &mut Reader) -> Db {
    Db {
        pool_size: r.int("db.pool_size") as u32,
        timeout: from_ms(r.float("db.timeout_ms")),
        driver: match r.choice("db.driver").as_str() {
            "pgjdbc-42.5" => Driver::Pgjdbc42_5,
            "mysql-9" => Driver::Mysql9,
            "mysql-8" => Driver::Mysql8,
            _ => Driver::Pgjdbc42_6,
        },
    }
}
