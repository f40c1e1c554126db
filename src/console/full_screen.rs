//! Full screen for the window (feature `gui`). On X11 minifb has no full-screen call, so the
//! window asks the window manager for it the standard way (EWMH): a `_NET_WM_STATE` client
//! message to the root window toggling `_NET_WM_STATE_FULLSCREEN`. The window manager then
//! resizes the window to the screen and the picture takes the largest whole scale that
//! fits (`window_layout`); the same message again gives the old size and place back.
//! Without a window manager that understands it nothing happens.
//!
//! On Windows the window does what Windows programs do for it: takes the frame off and
//! covers the monitor it is on, and puts frame, size and place back the second time
//! (`win32`). Elsewhere (macOS) minifb offers no full screen: [`toggle`] says so and the
//! window stays as it is, resizable by hand.

#[cfg(target_os = "linux")]
pub use x11::toggle;

#[cfg(windows)]
pub use win32::toggle;

/// Full screen is not offered: the window says why and stays as it is.
#[cfg(not(any(target_os = "linux", windows)))]
pub fn toggle(_window: &minifb::Window) -> Result<(), String> {
    Err("full screen is not offered here; resize or maximise the window instead".into())
}

#[cfg(windows)]
mod win32 {
    use std::sync::Mutex;

    use raw_window_handle::{HasWindowHandle, RawWindowHandle};
    use windows_sys::Win32::Foundation::{HWND, RECT};
    use windows_sys::Win32::Graphics::Gdi::{
        GetMonitorInfoW, MONITOR_DEFAULTTONEAREST, MONITORINFO, MonitorFromWindow,
    };
    use windows_sys::Win32::UI::WindowsAndMessaging::{
        GWL_STYLE, GetWindowLongPtrW, GetWindowRect, HWND_TOP, SWP_FRAMECHANGED, SWP_NOOWNERZORDER,
        SetWindowLongPtrW, SetWindowPos, WS_OVERLAPPEDWINDOW,
    };

    /// The window's style and place before it went full screen; `None` when it is not.
    static BEFORE: Mutex<Option<(isize, RECT)>> = Mutex::new(None);

    /// Full screen on the window's monitor, or back to the style and place it had.
    pub fn toggle(window: &minifb::Window) -> Result<(), String> {
        let handle = window.window_handle().map_err(|e| e.to_string())?;
        let RawWindowHandle::Win32(win32) = handle.as_raw() else {
            return Err("not a Win32 window".into());
        };
        let hwnd = win32.hwnd.get() as HWND;
        let mut before = BEFORE.lock().map_err(|_| "full screen state lost")?;
        // SAFETY: `hwnd` is minifb's live window while `window` is borrowed; the structures
        // are initialised as the Win32 calls require (cbSize set).
        unsafe {
            match before.take() {
                Some((style, r)) => {
                    SetWindowLongPtrW(hwnd, GWL_STYLE, style);
                    let (w, h) = (r.right - r.left, r.bottom - r.top);
                    let flags = SWP_NOOWNERZORDER | SWP_FRAMECHANGED;
                    SetWindowPos(hwnd, HWND_TOP, r.left, r.top, w, h, flags);
                }
                None => {
                    let style = GetWindowLongPtrW(hwnd, GWL_STYLE);
                    let mut place: RECT = std::mem::zeroed();
                    let mut monitor: MONITORINFO = std::mem::zeroed();
                    monitor.cbSize = std::mem::size_of::<MONITORINFO>() as u32;
                    let found = MonitorFromWindow(hwnd, MONITOR_DEFAULTTONEAREST);
                    if GetWindowRect(hwnd, &mut place) == 0
                        || GetMonitorInfoW(found, &mut monitor) == 0
                    {
                        return Err("Windows did not say where the window is".into());
                    }
                    *before = Some((style, place));
                    let bare = style & !(WS_OVERLAPPEDWINDOW as isize);
                    SetWindowLongPtrW(hwnd, GWL_STYLE, bare);
                    let m = monitor.rcMonitor;
                    let (w, h) = (m.right - m.left, m.bottom - m.top);
                    let flags = SWP_NOOWNERZORDER | SWP_FRAMECHANGED;
                    SetWindowPos(hwnd, HWND_TOP, m.left, m.top, w, h, flags);
                }
            }
        }
        Ok(())
    }
}

#[cfg(target_os = "linux")]
mod x11 {
    use std::ffi::CStr;

    use raw_window_handle::{HasDisplayHandle, HasWindowHandle, RawDisplayHandle, RawWindowHandle};
    use x11_dl::xlib;

    /// `_NET_WM_STATE_TOGGLE`: the action in the message.
    const TOGGLE: i64 = 2;
    /// The message comes from a normal application (EWMH source indication).
    const FROM_APPLICATION: i64 = 1;

    /// Asks the window manager to toggle `window` between full screen and its old size.
    pub fn toggle(window: &minifb::Window) -> Result<(), String> {
        let handle = window.window_handle().map_err(|e| e.to_string())?;
        let RawWindowHandle::Xlib(x_window) = handle.as_raw() else {
            return Err("full screen needs X11".into());
        };
        let display = window.display_handle().map_err(|e| e.to_string())?;
        let RawDisplayHandle::Xlib(x_display) = display.as_raw() else {
            return Err("full screen needs X11".into());
        };
        let display = x_display
            .display
            .ok_or("no X display")?
            .as_ptr()
            .cast::<xlib::Display>();
        let lib = xlib::Xlib::open().map_err(|e| e.to_string())?;
        let atom = |name: &CStr| unsafe { (lib.XInternAtom)(display, name.as_ptr(), xlib::False) };
        // SAFETY: `display` is minifb's open connection, alive while `window` is borrowed; the
        // event is a fully initialised client message as EWMH specifies it.
        unsafe {
            let mut message: xlib::XClientMessageEvent = std::mem::zeroed();
            message.type_ = xlib::ClientMessage;
            message.window = x_window.window;
            message.message_type = atom(c"_NET_WM_STATE");
            message.format = 32;
            message.data.set_long(0, TOGGLE);
            message
                .data
                .set_long(1, atom(c"_NET_WM_STATE_FULLSCREEN") as i64);
            message.data.set_long(2, 0);
            message.data.set_long(3, FROM_APPLICATION);
            let mut event = xlib::XEvent {
                client_message: message,
            };
            let root = (lib.XDefaultRootWindow)(display);
            let mask = xlib::SubstructureRedirectMask | xlib::SubstructureNotifyMask;
            if (lib.XSendEvent)(display, root, xlib::False, mask, &mut event) == 0 {
                return Err("the X server refused the message".into());
            }
            (lib.XFlush)(display);
        }
        Ok(())
    }
}
