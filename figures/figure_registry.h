// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"
#include "figures/option_table.h"

#include <string_view>
#include <vector>

/// \file figure_registry.h
/// Every panel of the explorer, one explicit row each (STYLE §6), in the figures layer (Qt
/// Core, no widgets). The main window makes a panel per row and builds its controls from
/// `.options`; `rope-cli figure` exports any row and checks `--set` against `.options`;
/// sessions save and check option values by key; tst_figures checks every row.
///
/// Adding a panel = a data function, one row, one lesson file (docs/ARCHITECTURE.md):
///  1. `figures/<id>_figure.cpp` with `FigureData <id>Figure(const RopeParams&, const
///     FigureOptions&)` (pure: calls core, fills plain vectors; it runs on a worker thread) and
///     its `const OptionTable& <id>Options()`;
///  2. one row here `{.id, .title, .group, .options, .data}`;
///  3. `resources/lessons/<id>.en.html` (and `<id>.zh_CN.html`).
/// The shared renderer draws it; a genuinely special control (a Play button, a click on the
/// canvas) is named in `.special` and built by ui/panels/special_controls.cpp.

namespace rope::figures {

/// \brief Pure figure computation: parameters + option values (defaults filled in) → data.
using DataFunction = FigureData (*)(const rope::RopeParams& params, const FigureOptions& options);

/// \brief One registry row.
struct Figure {
    /// Stable kebab-case id: settings key, `rope-cli figure --panel` value, lesson file name,
    /// test-row name.
    std::string_view id;
    /// Panel title, QT_TRANSLATE_NOOP("Figures", …).
    const char* title = "";
    /// Topic the panel belongs to (kebab-case: "foundations", "long-context", "engineering").
    std::string_view group;
    /// The option table (ids, kinds, defaults, ranges).
    const OptionTable& (*options)() = nullptr;
    DataFunction data = nullptr;
    /// Ids of special controls the UI adds beside the generic ones (empty: none).
    std::vector<std::string_view> special{};
};

/// \brief Every figure, in navigation order.
const std::vector<Figure>& allFigures();

/// \brief The figure with this id, or nullptr.
const Figure* findFigure(std::string_view id) noexcept;

/// \brief The figure's id as a QString.
QString figureId(const Figure& figure);

/// \brief figure.data() with the table's defaults filled into \p options: the one way every
/// caller (panel, CLI, tests, exports) computes a figure.
/// \throws rope::InvalidParameter from core on invalid parameters.
FigureData figureData(const Figure& figure, const rope::RopeParams& params,
                      const FigureOptions& options);

} // namespace rope::figures
