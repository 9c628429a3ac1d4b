// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCPColorGradient;

/// \file colour_maps.h
/// Perceptually uniform, colour-blind-safe gradients. QCustomPlot's presets gpJet and gpPolar
/// are not uniform in lightness (jet has false bands at cyan and yellow), so they are not used.

namespace rope::ui {

/// \brief Diverging blue–white–red (ColorBrewer RdBu, 11 classes, reversed so −1 is blue):
/// for signed data such as cos(mθ) in [−1, 1]; white marks 0.
QCPColorGradient divergingGradient();

/// \brief Viridis (van der Walt & Smith, matplotlib), sampled at 11 stops: for magnitudes and
/// angles.
QCPColorGradient viridisGradient();

} // namespace rope::ui
