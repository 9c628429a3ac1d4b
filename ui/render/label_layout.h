// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"

#include <QColor>
#include <QRectF>

#include <vector>

class QCustomPlot;
class QCPAxisRect;

/// \file label_layout.h
/// Where a figure's text labels go. A figure states what a label names and where that is
/// (figures::TextLabel: an anchor in data coordinates and figures::LabelPlace); the renderer,
/// the only layer that knows the fonts, places it after every layout pass, when the axes'
/// pixels are known: a movable label takes the nearest place around its anchor where it covers
/// no other text, marker, arrow head, inset legend or curve, inside its axes.

namespace rope::ui {

/// \brief Adds one text item per label of \p labels to \p rect, at \p fontScale times the
/// plot's font, in \p colour (white for TextLabel::onDark). Fixed labels sit on their anchor;
/// Near and Beside ones are moved by placeLabels().
void addLabels(QCustomPlot& plot, QCPAxisRect* rect, const std::vector<figures::TextLabel>& labels,
               double fontScale, const QColor& colour);

/// \brief Places the movable labels of every axis rectangle of \p plot for its current pixel
/// geometry (drawFigure() runs it after each layout pass) and draws a leader line from a label
/// that had to move away to the point it names.
void placeLabels(QCustomPlot& plot);

/// \brief Moves an inset legend of \p plot's main axes from the figure's corner to another
/// one when it would hide a marker there and the other hides fewer (drawFigure() runs it after
/// each layout pass, before placeLabels()).
void placeInsetLegend(QCustomPlot& plot);

/// \brief One label's text box where placeLabels() put it, in the plot's pixels.
struct PlacedLabel {
    QString text;
    QRectF box;
    figures::LabelPlace place = figures::LabelPlace::Fixed;
};

/// \brief The labels of \p plot as last placed (for tests and tools).
std::vector<PlacedLabel> placedLabels(QCustomPlot& plot);

} // namespace rope::ui
