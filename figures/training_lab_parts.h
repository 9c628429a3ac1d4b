// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"
#include "figures/figure_registry.h"
#include "figures/training_lab.h"

#include <QString>

#include <string>
#include <vector>

/// \file training_lab_parts.h
/// What the training lab's views share (internal to figures/): the race and inside views
/// (training_lab_figure.cpp) and the length and base views, which draw core's length experiment
/// and base sweep (training_lab_scaling_views.cpp).

namespace rope::figures::training_lab {

/// Mean, smallest and largest of a non-empty set, the mean summed in long double.
struct Spread {
    double mean = 0, min = 0, max = 0;
    int count = 0;
};

Spread spreadOf(const std::vector<double>& values);

/// Three series of one scheme: the band's lower and upper edge, then the mean (in the legend).
void addBand(std::vector<Series>& out, const QString& idPrefix, const QString& name, int colour,
             const std::vector<double>& x, const std::vector<Spread>& y);

/// "lo–hi" with \p digits significant digits, or one number when they agree.
QString rangeText(double lo, double hi, int digits);

/// A trainable scheme's legend name, translated.
QString schemeLabel(const std::string& id);

/// The palette index a scheme keeps in every view.
int schemeColour(const std::string& id);

/// The length view: accuracy against test length (\p result nullptr: nothing trained yet).
FigureData composeLength(const FigureOptions& options, const TrainingLabResult* result);

/// The base view: accuracy at the test length against the base, b* beside.
FigureData composeBase(const FigureOptions& options, const TrainingLabResult* result);

} // namespace rope::figures::training_lab
