//! `plumb serve`: the MCP server over stdio. Resolves the root, the profile
//! and the response budget once, sets up logging (stderr, and `--log-file`
//! when given; stdout carries protocol messages only), and runs the server
//! until the client closes stdin.

use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

use anyhow::Context;
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::writer::MakeWriterExt;

use plumb_mcp::{Config, MAX_BYTES_ENV, PROFILE_ENV, Profile, resolve_max_bytes};

use crate::cli::{Cli, ServeArgs};
use crate::{InputError, Outcome};

/// The environment variable holding a log filter (`tracing` syntax).
const LOG_ENV: &str = "PLUMB_LOG";
/// Log filter when [`LOG_ENV`] is unset. Chosen: one line per call from
/// plumb, and only rmcp's warnings.
const DEFAULT_LOG: &str = "info,rmcp=warn";

/// Runs `plumb serve`.
pub fn run(cli: &Cli, args: &ServeArgs) -> anyhow::Result<Outcome> {
    let env = |name: &str| std::env::var(name).ok();
    let profile = Profile::resolve(args.profile.as_deref(), env(PROFILE_ENV).as_deref())
        .map_err(InputError)?;
    let max_bytes =
        resolve_max_bytes(args.max_bytes, env(MAX_BYTES_ENV).as_deref()).map_err(InputError)?;
    let root = root(cli)?;
    init_logging(args.log_file.as_deref())?;
    tracing::info!(root = %root.display(), %profile, max_bytes, "serving MCP on stdio");
    let config = Config {
        root,
        profile,
        max_bytes,
        limits: Default::default(),
    };
    if args.watch {
        spawn_watcher(&config)?;
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(plumb_mcp::serve_stdio(config))?;
    Ok(Outcome::Results)
}

/// Keeps the index of the served root fresh from a thread of its own; the
/// server's reads see each run once it commits (WAL), and never wait for it.
fn spawn_watcher(config: &Config) -> anyhow::Result<()> {
    let (root, limits) = (config.root.clone(), config.limits.for_root(&config.root));
    std::thread::Builder::new()
        .name("plumb-watch".into())
        .spawn(move || {
            let outcome = plumb_index::watch::watch(&root, &limits, &mut |run| match run {
                Ok(summary) => tracing::info!(
                    up_to_date = summary.up_to_date,
                    reused = summary.reused_files,
                    symbols = summary.symbols,
                    elapsed_ms = summary.elapsed.as_millis() as u64,
                    "re-indexed"
                ),
                Err(err) => tracing::warn!(%err, "re-indexing failed"),
            });
            if let Err(err) = outcome {
                tracing::error!(%err, "watching stopped");
            }
        })
        .context("starting the watcher thread")?;
    Ok(())
}

/// `--root`, else the nearest directory upwards with an index, else the
/// current directory (the `index` tool can create one there).
pub fn root(cli: &Cli) -> anyhow::Result<PathBuf> {
    if let Some(root) = &cli.root {
        return std::fs::canonicalize(root).map_err(|e| {
            InputError(format!("cannot use {} as the root: {e}", root.display())).into()
        });
    }
    let cwd = std::env::current_dir().context("reading the current directory")?;
    Ok(plumb_store::location::indexed_root(&cwd).unwrap_or(cwd))
}

fn init_logging(log_file: Option<&Path>) -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_env(LOG_ENV).unwrap_or_else(|_| EnvFilter::new(DEFAULT_LOG));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_target(false);
    match log_file {
        Some(path) => {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| InputError(format!("cannot open log file {}: {e}", path.display())))?;
            builder
                .with_writer(std::io::stderr.and(std::sync::Mutex::new(file)))
                .init();
        }
        None => builder.with_writer(std::io::stderr).init(),
    }
    Ok(())
}
