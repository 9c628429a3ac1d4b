// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_data.h"
#include "figures/option_table.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>
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

namespace rope::io {
struct ModelConfigResult; // io/model_config.h
} // namespace rope::io

namespace rope::figures {

/// \brief Pure figure computation: parameters + option values (defaults filled in) → data.
using DataFunction = FigureData (*)(const rope::RopeParams& params, const FigureOptions& options);

/// \brief What one run of a figure's job found (figure-specific subclasses: the batch
/// benchmark's timings, the base-bound panel's searches), with the inputs it ran for.
struct JobResult {
    virtual ~JobResult() = default;
    /// FigureJob::inputs() of the parameters and options it ran with.
    QVariantMap inputs;
    /// False for a partial result: published while the job runs, or what a cancelled job had
    /// finished. compose() draws it like a complete one, with what is missing left out.
    bool complete = true;
    /// The job stopped because it was cancelled (complete is then false too).
    bool cancelled = false;
};
/// The batch benchmark's name for its job result.
using Measurement = JobResult;

/// \brief What a running job sees: whether it is cancelled, and where its progress and partial
/// results go. The panel makes one per run; a job only reads it (thread-safe: the callbacks
/// are the panel's, and post to the GUI thread).
class JobControl {
public:
    using Progress = std::function<void(double fraction)>;
    using Partial = std::function<void(std::shared_ptr<const JobResult> result)>;
    /// \p cancel is read, never written, and must outlive the run.
    explicit JobControl(const std::atomic<bool>& cancel, Progress progress = {},
                        Partial partial = {})
        : m_cancel(cancel), m_progress(std::move(progress)), m_partial(std::move(partial)) {}
    /// Set by the panel when the inputs changed, the user pressed Cancel or the panel closes.
    bool cancelled() const noexcept { return m_cancel.load(std::memory_order_relaxed); }
    /// The flag itself, for core: a rope::WorkControl constructed from it follows it.
    const std::atomic<bool>* flag() const noexcept { return &m_cancel; }
    /// The finished fraction of the job, 0 … 1.
    void progress(double fraction) const {
        if (m_progress) {
            m_progress(fraction);
        }
    }
    /// A partial result to draw now (JobResult::complete false).
    void partial(std::shared_ptr<const JobResult> result) const {
        if (m_partial) {
            m_partial(std::move(result));
        }
    }

private:
    const std::atomic<bool>& m_cancel;
    Progress m_progress;
    Partial m_partial;
};

/// \brief The slow part of a panel, run as a job: the cheap, exact figure is composed on every
/// step from the last result, and the slow part runs on the panels' compute pool, off the
/// frame, with progress, partial results and cancellation (FigurePanel). The row's `.data`
/// stays the whole figure (compose of a complete run) for rope-cli, exports and tests.
///
/// Two kinds: a wall-clock measurement (the batch benchmark, `timed`: ≈ 55 kernel passes, the
/// previous measurement drawn marked stale meanwhile) and a long computation (the base-bound
/// panel's b* searches, dense curves, landscape and published tables: seconds to minutes).
struct FigureJob {
    /// Everything the job depends on, as comparable values: a result is fresh for the inputs
    /// whose key equals its JobResult::inputs. Cheap (called on every step).
    QVariantMap (*inputs)(const rope::RopeParams& params, const FigureOptions& options) = nullptr;
    /// Slow: runs for these inputs (options with defaults) on a worker thread. Reads
    /// control.cancelled() (or hands core a rope::WorkControl following control.flag()) often
    /// enough to stop within a fraction of a second, and then returns what it has (complete
    /// false) or nullptr.
    /// \p previous is the panel's last result (any inputs, or nullptr): a job may reuse what
    /// it computed for other inputs.
    std::shared_ptr<const JobResult> (*run)(const rope::RopeParams& params,
                                            const FigureOptions& options,
                                            const JobControl& control,
                                            const JobResult* previous) = nullptr;
    /// Cheap and exact: the figure for these inputs with what \p last holds (nullptr: no run
    /// yet). A timed job's values measured for other inputs are drawn marked stale; a
    /// computed job draws only what belongs to these inputs.
    FigureData (*compose)(const rope::RopeParams& params, const FigureOptions& options,
                          const JobResult* last) = nullptr;
    /// A wall-clock measurement: a panel in Sync mode still defers it (Measuring::Deferred)
    /// unless told otherwise, and shows no progress bar for it (it takes ≈ 80 ms).
    bool timed = false;
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
    /// The panel's slow part as a job (see FigureJob); nullptr when the whole figure is cheap.
    const FigureJob* job = nullptr;
    /// The parameter or option an animation of this panel sweeps first (Export animation…):
    /// "m" for a panel about positions, "base" for one about the frequency spectrum (empty:
    /// the first key the dialog offers).
    std::string_view animationKey{};
    /// What the panel takes from a model the window loads (config.json, GGUF, preset): the
    /// options to set, \p source being the file or preset id; an empty map leaves the panel's
    /// options alone (nullptr: the panel ignores loaded models).
    FigureOptions (*modelOptions)(const rope::io::ModelConfigResult& model,
                                  const QString& source) = nullptr;
    /// What the panel takes when the layer strip shows a layer: \p otherKind is a layer of
    /// another RoPE kind to compare with, nullptr when there is none (or no layer is chosen);
    /// a null value unsets its option (nullptr: the panel ignores the layer strip).
    FigureOptions (*layerOptions)(const rope::RopeParams* otherKind) = nullptr;
    /// The option File ▸ Open model folder and the Hugging Face cache set to the chosen
    /// folder; the window then shows the panel (empty: the panel takes no folder).
    std::string_view folderOption{};
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

/// \brief The figure's FigureJob::inputs() with the table's defaults filled in.
/// \pre figure.job != nullptr. \throws rope::InvalidParameter on invalid parameters.
QVariantMap jobInputs(const Figure& figure, const rope::RopeParams& params,
                      const FigureOptions& options);

/// \brief FigureJob::run() with the table's defaults filled in.
/// \pre figure.job != nullptr. \throws rope::InvalidParameter on invalid parameters.
std::shared_ptr<const JobResult> runJob(const Figure& figure, const rope::RopeParams& params,
                                        const FigureOptions& options, const JobControl& control,
                                        const JobResult* previous = nullptr);

/// \brief FigureJob::compose() with the table's defaults filled in.
/// \pre figure.job != nullptr. \throws rope::InvalidParameter on invalid parameters.
FigureData composeFigure(const Figure& figure, const rope::RopeParams& params,
                         const FigureOptions& options, const JobResult* last);

} // namespace rope::figures
