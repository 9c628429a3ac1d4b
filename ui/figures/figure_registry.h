// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ui/figures/figure.h"

#include <string_view>
#include <vector>

class QWidget;

/// \file figure_registry.h
/// Every panel of the explorer, one explicit row each (STYLE §6). MainWindow makes a
/// FigurePanel per row, `rope-cli figure` exports any row, tst_figures checks every row.
///
/// Adding a panel = one file + one row:
///  1. `ui/figures/<id>_figure.cpp` defining `FigureData <id>Figure(const RopeParams&,
///     const FigureOptions&)` (pure: calls core, fills plain vectors; it may run on a worker
///     thread, so it must not touch widgets) and, if the panel needs its own controls,
///     `QWidget* make<Id>Controls(FigurePanel&, ExplorerState&)`;
///  2. its declaration and one row `{.id, .title, .compute, .lesson, .makeControls}` in
///     figure_registry.cpp.

namespace rope::ui {

class ExplorerState;
class FigurePanel;

/// \brief Pure figure computation: parameters + per-panel options → plotted data.
using ComputeFunction = FigureData (*)(const rope::RopeParams& params,
                                       const FigureOptions& options);

/// \brief Builds the panel's extra controls (nullptr: none). The widget is owned by the panel.
/// Controls change per-panel options through FigurePanel::setOption() and shared parameters
/// through ExplorerState::setParams() (e.g. an animation of m) — never other panels.
using MakeControlsFunction = QWidget* (*)(FigurePanel& panel, ExplorerState& state);

/// \brief One registry row.
struct Figure {
    /// Stable kebab-case id: tab/settings key, `rope-cli figure --panel` value, test-row name.
    std::string_view id;
    /// Tab title (UTF-8).
    const char* title = "";
    ComputeFunction compute = nullptr;
    /// Short lesson (HTML, UTF-8): what you see, the formula, what to try.
    const char* lesson = "";
    MakeControlsFunction makeControls = nullptr;
};

/// \brief Every figure, in tab order.
const std::vector<Figure>& allFigures();

/// \brief The figure with this id, or nullptr.
const Figure* findFigure(std::string_view id) noexcept;

/// \brief compute() then drawFigure(): the one rendering path shared by the GUI panels and
/// rope-cli. Sets the plot-size options from \p plot first. Returns the drawn data (for CSV).
/// \throws rope::InvalidParameter from core on invalid parameters.
FigureData render(QCustomPlot& plot, const Figure& figure, const rope::RopeParams& params,
                  const FigureOptions& options);

} // namespace rope::ui
