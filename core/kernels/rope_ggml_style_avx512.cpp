// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The ggml-style baseline compiled with -O3 -mavx512f -mavx2 -mfma (kernels.cmake), run only
// after the CPU reports AVX-512F, as ggml's per-CPU backend variants are. Includes only the
// body (see rope_ggml_style_body.h).
#include "core/kernels/rope_ggml_style_body.h"

namespace rope::detail {

void ggmlRopeThreadAvx512(const GgmlRopeOp& op, int ith, int nth, float* cache) {
    ggmlStyleRopeThread(op, ith, nth, cache);
}

} // namespace rope::detail
