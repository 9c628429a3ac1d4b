// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace rope::ui {

/// \brief Keeps the memory of freed frame buffers for the next ones (call once, at start-up).
///
/// A window or plot that changes size frees its full-size buffers and allocates new ones: the
/// window's backing store and each plot's paint buffer, 20–33 MB each at 3800 × 2160. glibc
/// serves such blocks with mmap and returns them to the system when freed, so every new buffer
/// arrives as fresh pages that the kernel must fault in and zero on the GUI thread: 9 100
/// faults per resize, 19–35 ms on a desktop and up to 200 ms in a virtual machine whose host
/// backs guest memory on first touch (the GUI monkey's panel switches after a resize spent
/// 58–74 % of 246–335 ms blocks there, seed 193668). Served from the heap and kept when freed,
/// the next buffer reuses the same pages: no faults after the largest size has been seen once.
/// Blocks over 32 MiB (a whole 4K window's buffer, a large computation's arrays) are still
/// mapped and returned, and at most 256 MiB of free heap is kept. A no-op where the C library
/// is not glibc.
void keepFrameBuffersMapped();

} // namespace rope::ui
