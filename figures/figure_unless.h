// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_registry.h"

#include <atomic>
#include <optional>

/// \file figure_unless.h
/// A figure computed away from its panel (the presenter window, an animation frame, a deck
/// slide) that must stop when its window closes or its export is cancelled.

namespace rope::figures {

/// \brief figureData() that stops when \p cancel is set: a figure with a job runs it under
/// \p cancel (core reads the flag inside its sweeps) and composes the result; one without is
/// computed whole. \return nullopt when cancelled (never a figure missing what the job had to
/// find). \throws rope::InvalidParameter on invalid parameters.
std::optional<FigureData> figureDataUnless(const std::atomic<bool>& cancel, const Figure& figure,
                                           const rope::RopeParams& params,
                                           const FigureOptions& options);

} // namespace rope::figures
