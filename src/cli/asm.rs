//! `c7010 asm`: assemble Z80 source into a ROM image, listing, symbols and source map.
//!
//! Errors are printed one a line as `file:line:col: error: message`; a one-line summary
//! (bytes, symbols, elapsed time) goes to stderr on success. Without `-o` nothing is
//! written: the source is only checked.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::bail;

use c7010::assembler;

// The help text of the subcommand comes from its variant in `main.rs`.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// The main source file.
    pub src: PathBuf,
    /// Write the binary here (lowest to highest emitted address, gaps 0xFF).
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
    /// Write the listing here.
    #[arg(long)]
    pub listing: Option<PathBuf>,
    /// Write the symbol file here.
    #[arg(long)]
    pub symbols: Option<PathBuf>,
    /// Write the source map here.
    #[arg(long)]
    pub map: Option<PathBuf>,
    /// Pad the binary with 0xFF to this many bytes; an error if the code does not fit.
    #[arg(long)]
    pub size: Option<usize>,
}

fn write(path: &Option<PathBuf>, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(path) = path {
        // Atomic: a failed write leaves the old ROM, listing or map as it was.
        c7010::files::write_atomic(path, bytes)?;
    }
    Ok(())
}

/// Assembles `args.src`, writes the requested outputs, prints errors or the summary.
pub fn run(args: Args) -> anyhow::Result<()> {
    let started = Instant::now();
    let result = assembler::assemble_file(&args.src).and_then(|a| {
        let image = a.image(args.size)?;
        Ok((a, image))
    });
    let (assembly, image) = match result {
        Ok(ok) => ok,
        Err(errors) => {
            for e in errors.errors() {
                eprintln!("{e}");
            }
            let n = errors.errors().len();
            bail!(
                "{} error{} in {}",
                n,
                if n == 1 { "" } else { "s" },
                args.src.display()
            );
        }
    };
    write(&args.output, &image)?;
    write(&args.listing, assembly.listing().as_bytes())?;
    write(&args.symbols, assembly.symbol_file().as_bytes())?;
    write(&args.map, assembly.source_map_file().as_bytes())?;
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{}: {} bytes from {:04X}, {} symbols, {} lines in {} passes, {:.2} ms ({:.0} lines/s)",
        args.src.display(),
        image.len(),
        assembly.origin(),
        assembly.symbols().len(),
        assembly.lines(),
        assembly.passes(),
        seconds * 1000.0,
        assembly.lines() as f64 / seconds.max(1e-9)
    );
    Ok(())
}
