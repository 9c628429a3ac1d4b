// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The unit that builds a layer's precompiled test header (tests/CMakeLists.txt, rope_test_pch);
// it has no code of its own.
