//! PNG files read back, for the tests of the screenshots the crate writes.

/// The width, height and RGB pixels of the PNG in `bytes` (which must be RGB, 8 bits a
/// channel, as `c7010::vdc::png` writes).
pub fn decode_rgb(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Rgb, png::BitDepth::Eight)
    );
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}
