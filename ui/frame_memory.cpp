// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/frame_memory.h"

#include <cstdlib> // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace rope::ui {

void keepFrameBuffersMapped() {
#if defined(__GLIBC__)
    // Setting either also stops glibc's own adjustment of both (mallopt(3)), so both are set.
    // 32 MiB is the largest mapping threshold mallopt accepts on 64-bit glibc (half its heap
    // size; a larger value is refused and changes nothing): a buffer up to 2 900 × 2 900
    // pixels, or a 3 840 × 2 160 window's plot, comes from the heap.
    constexpr int kMapAbove = 32 * 1024 * 1024;
    constexpr int kTrimAbove = 256 * 1024 * 1024;
    mallopt(M_MMAP_THRESHOLD, kMapAbove);
    mallopt(M_TRIM_THRESHOLD, kTrimAbove);
#endif
}

} // namespace rope::ui
