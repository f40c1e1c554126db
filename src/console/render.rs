//! Drawing a [`ScreenState`] through the VDC: layout, display kernel, chip, frame.

use super::display_list::LayoutError;
use super::layout::display_list;
use super::screen::ScreenState;
use crate::vdc::Frame;

/// Renders the console screen for `state` into a new frame, entirely through VDC registers.
pub fn render_screen(state: &ScreenState) -> Result<Frame, LayoutError> {
    display_list(state).render()
}
