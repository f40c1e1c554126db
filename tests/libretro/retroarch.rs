//! RetroArch itself (filled below).
