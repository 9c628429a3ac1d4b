// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The course's answer that needs a kernel header (see course.cpp).
#include "core/kernels/rope_bench.h"

namespace rope::figures {

long long courseRopeTableBytes(long long rows, int pairs) {
    return rope::ropeCacheBytes(rows, pairs);
}

} // namespace rope::figures
