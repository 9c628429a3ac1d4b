// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"
#include "figures/option_table.h"

#include <atomic>
#include <memory>
#include <string_view>
#include <vector>

/// \file figure_registry.h
/// Every panel of the explorer, one explicit row each, in the figures layer (Qt
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

/// \brief What one measurement of a measured figure found (figure-specific subclasses), with
/// the inputs it was taken for.
struct Measurement {
    virtual ~Measurement() = default;
    /// MeasuredParts::inputs() of the parameters and options it was measured with.
    QVariantMap inputs;
};

/// \brief The two halves of a figure whose data is partly a wall-clock measurement too slow for
/// a frame (the batch benchmark: ≈ 55 kernel passes over 8 MiB, ≈ 80 ms). A slider step then
/// costs only the exact half (compose); the panel measures off the frame, debounced, on a
/// worker, and shows the previous measurement marked stale meanwhile (FigurePanel). The row's
/// `.data` stays the whole figure (compose of a fresh measure) for rope-cli, exports and tests.
struct MeasuredParts {
    /// Everything the measurement depends on, as comparable values: a measurement is fresh for
    /// the inputs whose key equals its Measurement::inputs. Cheap (called on every step).
    QVariantMap (*inputs)(const rope::RopeParams& params, const FigureOptions& options) = nullptr;
    /// Slow: measures for these inputs (options with defaults). Polls \p cancel between timed
    /// runs and returns nullptr once it is set. Pure; runs on a worker thread.
    std::shared_ptr<const Measurement> (*measure)(const rope::RopeParams& params,
                                                  const FigureOptions& options,
                                                  const std::atomic<bool>& cancel) = nullptr;
    /// Cheap and exact: the figure for these inputs with the measured values of \p last
    /// (nullptr: none yet, nothing measured is drawn); values \p last measured for other
    /// inputs are drawn marked stale, never as if they belonged to these inputs.
    FigureData (*compose)(const rope::RopeParams& params, const FigureOptions& options,
                          const Measurement* last) = nullptr;
};

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
    /// Set for a figure that measures wall-clock time (see MeasuredParts); nullptr otherwise.
    const MeasuredParts* measured = nullptr;
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

/// \brief The measured figure's MeasuredParts::inputs() with the table's defaults filled in.
/// \pre figure.measured != nullptr. \throws rope::InvalidParameter on invalid parameters.
QVariantMap measurementInputs(const Figure& figure, const rope::RopeParams& params,
                              const FigureOptions& options);

/// \brief MeasuredParts::measure() with the table's defaults filled in.
/// \pre figure.measured != nullptr. \throws rope::InvalidParameter on invalid parameters.
std::shared_ptr<const Measurement> measureFigure(const Figure& figure,
                                                 const rope::RopeParams& params,
                                                 const FigureOptions& options,
                                                 const std::atomic<bool>& cancel);

/// \brief MeasuredParts::compose() with the table's defaults filled in.
/// \pre figure.measured != nullptr. \throws rope::InvalidParameter on invalid parameters.
FigureData composeFigure(const Figure& figure, const rope::RopeParams& params,
                         const FigureOptions& options, const Measurement* last);

} // namespace rope::figures
