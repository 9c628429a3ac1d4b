// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/figure_registry.h"
#include "ui/job_runner.h"
#include "ui/render/draw_figure.h"
#include "ui/render/figure_export.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QTextBrowser;
class QToolButton;

namespace rope::ui {

class ExplorerState;
using figures::Figure;

/// \brief One registry row on screen: its plot, its controls (built from the option table by
/// buildOptionControls(), plus the row's special controls), its
/// lesson text and an Export menu (PNG at a chosen DPI, SVG, PDF, CSV of the plotted data).
///
/// On every ExplorerState::paramsChanged, option change or resize the panel recomputes. In
/// Async mode (the default) compute() runs on a worker of computePool() through a JobRunner
/// (ui/job_runner.h; the job and the lesson have one each); at most one computation
/// runs at a time, and a request arriving meanwhile is coalesced into one follow-up with the
/// newest inputs, so a dragged slider never queues stale frames and results from superseded
/// inputs are dropped; a hidden panel (another tab) only marks itself stale and catches up
/// when shown. Sync mode computes and draws in place (tests, benchmarks).
///
/// A figure with a job (Figure::job: the batch benchmark's measurement, the base-bound panel's
/// searches) composes only its cheap, exact part per step from the job's last result; the job
/// itself runs on another worker of the pool once the inputs have not changed for
/// kMeasureDelayMs (a timed job: a drag launches one run after it settles; a computed job
/// waits only 20 ms, so a drag runs it per step). A change of inputs cancels a
/// running job (its flag is read inside core's sweeps, so it stops within a step), and so does
/// closing the panel. While a computed (not timed) job runs for more than 200 ms, a progress
/// bar with Cancel shows under the controls; partial results are drawn as they arrive; a
/// cancelled job keeps what it finished and offers Resume. Measuring::Inline instead computes
/// the whole figure per step (the default for a computed job in Sync mode).
class FigurePanel : public QWidget {
    Q_OBJECT

public:
    enum class Mode { Async, Sync };
    enum class Measuring { Deferred, Inline };
    /// Where the panel's job stands (Idle also for a figure without a job).
    enum class JobState { Idle, Running, Cancelled, Failed };
    /// Quiet time after the last change of a measured figure's inputs before it is measured.
    static constexpr int kMeasureDelayMs = 300;

    FigurePanel(const Figure& figure, ExplorerState& state, QWidget* parent = nullptr);
    ~FigurePanel() override;

    const Figure& figure() const noexcept { return m_figure; }
    QCustomPlot* plot() const noexcept { return m_plot; }
    /// \brief The data currently drawn (what CSV export writes).
    const FigureData& data() const noexcept { return m_data; }
    const FigureOptions& options() const noexcept { return m_options; }
    QWidget* controls() const noexcept { return m_controls; }
    /// \brief The lesson beside the plot; View ▸ Show lessons folds it away in every panel
    /// (QSettings "view/lesson-visible", read when a panel is shown) so the plot takes the
    /// whole width; dragging the splitter to the right does the same for one panel.
    QTextBrowser* lesson() const noexcept { return m_lesson; }
    /// \brief Whether the lesson's "Using this panel" section (the controls and colours, not
    /// the idea) is unfolded. Folded by default; a link in the lesson toggles it (mouse, or Tab
    /// to the link and Enter), and the choice is remembered for every panel (QSettings
    /// "view/lesson-using-open", read when a panel is shown). The lesson itself is loaded on a
    /// worker when the panel is first shown (lessonLoaded() tells when it has arrived).
    bool lessonUsingOpen() const noexcept { return m_lessonUsingOpen; }
    void setLessonUsingOpen(bool open);
    bool lessonLoaded() const noexcept { return !m_lessonSource.isEmpty(); }
    /// \brief The visible reason shown instead of the plot while the chosen layer of the
    /// loaded model has no RoPE (ExplorerState::layerHasRope() false); hidden otherwise.
    QLabel* layerNote() const noexcept { return m_layerNote; }

    void setMode(Mode mode) { m_mode = mode; }
    /// \brief How a figure with a job runs it (no effect on other figures). Unset: Deferred,
    /// except a computed job in Sync mode, which runs in place (tests see the whole figure).
    void setMeasuring(Measuring measuring) { m_measuring = measuring; }
    /// \brief The job's state; jobStateChanged() tells when it moves.
    JobState jobState() const noexcept { return m_jobState; }
    /// \brief The job's last result (partial, complete, or for other inputs), or nullptr.
    const figures::JobResult* jobResult() const noexcept { return m_measurement.get(); }
    /// \brief Stops the running job (it keeps what it finished; jobState() becomes Cancelled
    /// and the same inputs are not run again until resumeJob() or new inputs).
    void cancelJob();
    /// \brief Runs the job again for the current inputs at once (after cancelJob()).
    void resumeJob();
    /// \brief Deferred measurements started and delivered (a result for the current inputs)
    /// since the panel was made: a superseded measurement is started but never delivered.
    int measurementsStarted() const noexcept { return m_measurementsStarted; }
    int measurementsDelivered() const noexcept { return m_measurementsDelivered; }
    /// Measurements that stopped early because their inputs changed (a subset of the others).
    int measurementsCancelled() const noexcept { return m_measurementsCancelled; }
    /// \brief Sets one per-panel option and recomputes if it changed.
    /// Checked by figures::checkOptionValue() as `--set` and sessions are: a refused value is
    /// not stored, its control is marked (red border, the reason as tooltip) and failed()
    /// carries the reason to the status bar. A null \p value unsets the option.
    void setOption(const QString& id, const QVariant& value);
    /// \brief Sets several options with one recompute (the others keep their values).
    void setOptions(const FigureOptions& changes);
    /// \brief Replaces all options at once (a restored session): keys missing from \p options
    /// go back to the figure's defaults, null values are dropped, and an unknown key or a value
    /// the table refuses (figures::checkOptions) is left out and named through failed(). The
    /// controls follow (optionsChanged()); one recompute if anything changed.
    void restoreOptions(const FigureOptions& options);
    /// \brief The options worth saving: options() minus unset (null) values (the plot size is
    /// not an option: FigureOptions::plot, set only for a computation).
    FigureOptions persistentOptions() const;
    /// \brief True while drawFigure() runs: controls that listen to axis-range signals ignore
    /// the ranges the panel itself sets.
    bool isDrawing() const noexcept { return m_drawing; }
    /// \brief Recompute now (Sync) or schedule (Async).
    void refresh();
    /// \brief A computation is running or waiting to (the frame on screen is not the newest).
    /// A deferred measurement waiting or running counts too.
    bool busy() const noexcept;
    /// \brief The worker of the compute step is running now (its result may still be waiting
    /// for the event loop when this turns false; busy() covers that too).
    bool computeRunning() const { return m_computeRunner.isComputing(); }
    /// \brief Writes the current figure; the format comes from the extension. Images use the
    /// plot's on-screen size. \throws ExportError.
    void exportTo(const QString& path, int dpi = 96);
    /// \brief As above with a pixel scale and a theme (ExportStyle); the plot on screen keeps
    /// its own theme. \throws ExportError.
    void exportTo(const QString& path, const ExportStyle& style);
    /// \brief Starts writing the current figure to \p path: the plot is frozen now
    /// (snapshotFigure(), quick), encoded and written on a worker (startFigureExport()), so
    /// the GUI thread never rasterises or compresses. \p cancel, set before the write, ends it
    /// without touching the file. The outcome arrives through the event loop: \p then is called
    /// with it, then exportFinished() is emitted (neither if the panel is gone by then; the file
    /// is written all the same). \throws ExportError at once for an unknown extension or a PNG
    /// over the pixel budget (nothing is drawn then).
    void exportAsync(const QString& path, const ExportStyle& style,
                     std::shared_ptr<const std::atomic<bool>> cancel = nullptr,
                     std::function<void(const ExportOutcome&)> then = {});
    /// \brief exportAsync() under a progress dialog (objectName "export-progress", shown when the
    /// export takes longer than 400 ms) whose Cancel stops it; the outcome is reported through
    /// exportFinished() and an error also in a message box.
    void exportWithProgress(const QString& path, const ExportStyle& style);
    /// \brief Opens the export options (theme, PNG scale: ExportOptionsDialog) and the save
    /// dialog for \p format (remembering folder, theme and scale) and exports
    /// (exportWithProgress()).
    void exportInteractively(ExportFormat format);

signals:
    /// The plot shows a new frame (after compute and replot).
    void rendered();
    /// The options changed (from a control, setOptions() or restoreOptions()). The panel has
    /// already moved its named controls (objectName = option id) to the new values with their
    /// signals blocked; special controls connect here for widgets that need more than that.
    void optionsChanged(const rope::ui::FigureOptions& options);
    /// compute() threw: core's message (the previous frame stays on screen).
    void failed(const QString& reason);
    /// An export started by exportAsync() or exportWithProgress() ended (written, failed or
    /// cancelled).
    void exportFinished(const rope::ui::ExportOutcome& outcome);
    /// The job started, finished, was cancelled or failed.
    void jobStateChanged(rope::ui::FigurePanel::JobState state);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    /// Follows the palette: a light/dark change redraws the plot in the matching PlotTheme.
    void changeEvent(QEvent* event) override;

private:
    struct Result {
        FigureData data;
        QString error;
        quint64 generation = 0;
    };
    static Result computeResult(const Figure& figure, const rope::RopeParams& params,
                                const FigureOptions& options, quint64 generation, bool deferred,
                                std::shared_ptr<const figures::Measurement> measurement);
    void startComputation();
    void onComputed(const Result& result);
    void display(const Result& result);
    FigureOptions currentOptions();
    void applyOptions(FigureOptions options);
    void syncControls(const FigureOptions& previous);
    void showLayer(int index, bool hasRope);
    struct MeasureOutcome {
        std::shared_ptr<const figures::Measurement> measurement; ///< nullptr: cancelled or failed
        QString error;                                           ///< why it failed
    };
    void scheduleMeasurement();
    JobRunner::Task prepareMeasurement();
    void startMeasurement();
    void stopMeasurement();
    void onMeasured(const MeasureOutcome& outcome);
    bool measuresDeferred() const noexcept;
    void setJobState(JobState state);
    void onJobProgress(double fraction);
    void onJobPartial(quint64 run, std::shared_ptr<const figures::JobResult> partial);
    void showJobBar();
    void requestLesson();
    void showLesson();
    void onLessonLink(const QUrl& url);

    const Figure& m_figure;
    ExplorerState& m_state;
    QCustomPlot* m_plot;
    QTextBrowser* m_lesson;
    bool m_lessonUsingOpen = false;
    /// The lesson, placeholders filled in on a worker (a lesson's numbers may need b* searches
    /// of seconds), loaded when the panel is first shown.
    QString m_lessonSource;
    bool m_lessonRequested = false;
    /// "Computing…" over the plot while a computation has run longer than 200 ms, so a slow
    /// figure (a b* search) never looks like an empty or frozen plot.
    QLabel* m_busy = nullptr;
    QLabel* m_layerNote;
    QWidget* m_controls = nullptr;
    FigureOptions m_options;
    FigureData m_data;
    Mode m_mode = Mode::Async;
    bool m_drawing = false;
    bool m_dirty = false;
    quint64 m_generation = 0;
    /// Axis rectangle size the last frame was requested for, and how many frames in a row
    /// were recomputed because the layout then gave another size.
    QSize m_requestedSize;
    int m_layoutRetries = 0;
    // The job (figures with Figure::job only).
    std::optional<Measuring> m_measuring;
    std::shared_ptr<const figures::JobResult> m_measurement; ///< the last result delivered
    JobState m_jobState = JobState::Idle;
    quint64 m_jobRun = 0; ///< numbers the runs: progress and partials of older ones are dropped
    /// Inputs the user cancelled: not run again until they change or Resume is pressed.
    QVariantMap m_cancelledInputs;
    QWidget* m_jobBar = nullptr;
    QProgressBar* m_jobProgress = nullptr;
    QPushButton* m_jobButton = nullptr;
    /// Inputs whose measurement failed: not retried until the inputs change.
    QVariantMap m_failedInputs;
    QVariantMap m_measuringInputs; ///< inputs of the running measurement
    int m_measurementsStarted = 0;
    int m_measurementsDelivered = 0;
    int m_measurementsCancelled = 0;
    /// A measurement was started and its outcome is not handled yet.
    bool m_measureAwaited = false;
    /// The running measurement was asked to stop (new inputs, Cancel): it ends early and what
    /// it finished is kept.
    bool m_measureStopped = false;
    // Declared last, so destroyed first: a runner's destruction cancels its task, and no result
    // of it reaches the members above once they are gone.
    /// The compute step: a newer request supersedes the running one (its frame is dropped).
    JobRunner m_computeRunner;
    /// The job: debounced (startAfter), stopped with interrupt() so a stopped search keeps
    /// what it finished; its progress reaches the bar at most every 100 ms (QProgressBar
    /// repaints at once on every value it shows; a burst of steps blocked the event loop up to
    /// 240 ms, GUI monkey seed 2619818998).
    JobRunner m_measureRunner;
    /// The lesson, filled in on a worker when the panel is first shown.
    JobRunner m_lessonRunner;
};

} // namespace rope::ui
