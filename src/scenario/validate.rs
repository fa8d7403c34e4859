//! Draft → typed `sim::Config`. Every problem is collected (not just the
//! first), each naming the field, the value as written and what is allowed.
//! One file per section of the scenario; `keys` checks the keys themselves,
//! `reader` holds the typed reads.

mod db;
mod downstreams;
mod executors;
mod gc;
mod jvm;
mod keys;
mod limits;
mod load;
mod memory;
mod program;
mod reader;
mod record;
mod resilience;
mod server;
mod tools;

use super::draft::Draft;
use super::error::FieldError;
use crate::sim::config::Config;
use reader::Reader;

/// Checks a draft and builds the run's configuration.
pub fn validate(draft: &Draft) -> Result<Config, Vec<FieldError>> {
    let mut r = Reader::new(draft);
    keys::check(&mut r);
    // The server first: the load's default client threads follow its cores.
    let server = server::read(&mut r);
    let load = load::read(&mut r, server.cores, server.cpu_limit.is_some());
    let crate::scenario::Parsed {
        program,
        executors: used,
        downstreams: called,
        forks_on,
    } = program::read(&mut r, &load);
    let downstreams = downstreams::read(&mut r, &called);
    let mut executors = executors::read(&mut r, &used, server.mode);
    let program = program::bind_executors(program, &used, &executors);
    let program = program::add_fork_executors(
        program,
        forks_on,
        server.available_processors,
        &mut executors,
    );
    let program = program::add_thread_pool_executors(
        &mut r,
        program,
        server.available_processors,
        &mut executors,
    );
    let mut downstreams = downstreams;
    let program =
        downstreams::add_client_executors(&mut r, program, &mut downstreams, &mut executors);
    let db = db::read(&mut r);
    let started = crate::sim::config::threads_at_start(&server, &executors);
    let memory = memory::read(&mut r, started.platform + started.carriers);
    let gc = gc::read(&mut r);
    let jvm = jvm::read(&mut r, server.jdk);
    let limits = limits::read(&mut r);
    let record = record::read(&mut r);
    let seed = r.int("seed") as u64;
    r.finish(Config {
        seed,
        load,
        server,
        program,
        db,
        executors,
        downstreams,
        memory,
        gc,
        jvm,
        limits,
        record,
    })
}
