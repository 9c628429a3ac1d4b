// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCPColorGradient;

/// \file colour_maps.h
/// Perceptually uniform, colour-blind-safe gradients. QCustomPlot's presets gpJet and gpPolar
/// are not uniform in lightness (jet has false bands at cyan and yellow), so they are not used.

namespace rope::ui {

/// \brief Diverging blue–grey–orange (ColorBrewer RdBu's blue arm and PuOr's orange arm, 9
/// stops): for signed data such as cos(mθ) in [−1, 1]; −1 is blue, 0 is near-white
/// (#f7f7f7), +1 dark orange. No red–green pair: readable with the common colour-vision
/// deficiencies.
QCPColorGradient divergingGradient();

/// \brief Viridis (van der Walt & Smith, matplotlib), sampled at 11 stops: for magnitudes and
/// angles.
QCPColorGradient viridisGradient();

} // namespace rope::ui
