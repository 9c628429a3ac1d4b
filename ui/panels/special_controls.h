// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string_view>

class QWidget;

/// \file special_controls.h
/// The few panel controls that are not an option row (Figure::special names them): the
/// heatmap's zoom and pan with a "Whole context" button, the rotation panel's Play animation,
/// a click on a 2D RoPE patch, the attention factor's override switch.

namespace rope::ui {

class ExplorerState;
class FigurePanel;

/// \brief Builds the special control \p id for \p panel (nullptr if it adds no widget, e.g. a
/// mouse gesture on the plot). Unknown ids abort in debug builds: tst_figures checks every
/// registry row's names.
QWidget* buildSpecialControl(std::string_view id, FigurePanel& panel, ExplorerState& state);

} // namespace rope::ui
