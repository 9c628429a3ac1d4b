// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panels/figure_panel.h"

#include "figures/language.h"
#include "figures/lessons.h"
#include "ui/app_theme.h"
#include "ui/compute_pool.h"
#include "ui/explorer_state.h"
#include "ui/export_options_dialog.h"
#include "ui/panels/option_controls.h"
#include "ui/panels/special_controls.h"
#include "ui/render/frame_plot.h"

#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <qcustomplot.h>
#include <utility>

namespace rope::ui {

namespace {
// The quiet time before a computed (not timed) job starts: short, so a drag shows results as
// it goes (each step cancels the run of the step before, and core stops within a certified
// step); it only merges a burst of steps. A timed measurement waits kMeasureDelayMs, so a drag
// launches one run after it settles.
constexpr int kJobDelayMs = 20;
// How long a computation or a computed job runs before the panel marks it ("Computing…", the
// progress bar with Cancel): a shorter one never flashes a mark.
constexpr int kSlowMs = 200;
// The job's progress reaches the bar at most this often.
constexpr int kProgressEveryMs = 100;
} // namespace

FigurePanel::FigurePanel(const Figure& figure, ExplorerState& state, QWidget* parent)
    : QWidget(parent), m_figure(figure), m_state(state), m_plot(new FramePlot(this)),
      m_lesson(new QTextBrowser(this)), m_layerNote(new QLabel(this)) {
    setObjectName(figures::figureId(figure));
    m_plot->setMinimumSize(320, 240);
    m_plot->setNoAntialiasingOnDrag(true);
    // One paint buffer instead of two: QCustomPlot buffers its "overlay" layer separately (for
    // selection rectangles, which the panels do not use), and every replot clears, and every
    // resize reallocates, each buffer at the plot's full size (23 MB at 3071×1856).
    if (QCPLayer* overlay = m_plot->layer(QStringLiteral("overlay"))) {
        overlay->setMode(QCPLayer::lmLogical);
    }
    setPlotTheme(*m_plot, plotThemeFor(palette()));
    // Links are handled here: the fold toggle is a link inside the text, sources open outside.
    m_lesson->setOpenLinks(false);
    connect(m_lesson, &QTextBrowser::anchorClicked, this, &FigurePanel::onLessonLink);
    m_lessonUsingOpen = QSettings().value(QStringLiteral("view/lesson-using-open"), false).toBool();
    connect(&m_lessonRunner, &JobRunner::failed, this, [this](const QString& reason) {
        m_lesson->setPlainText(tr("The lesson could not be loaded: %1").arg(reason));
    });
    m_lesson->setMinimumWidth(220);
    // Screen readers announce what a plot and a lesson are about, not "custom widget".
    const QString title = QCoreApplication::translate("Figures", figure.title);
    m_plot->setAccessibleName(tr("%1 plot").arg(title));
    // On the Tab chain, so keyboard and screen-reader users reach the plot too.
    m_plot->setFocusPolicy(Qt::StrongFocus);
    m_lesson->setAccessibleName(tr("%1 lesson").arg(title));

    auto* exportButton = new QToolButton(this);
    exportButton->setText(tr("&Export"));
    exportButton->setToolTip(tr("Save this figure as PNG, SVG, PDF or its data as CSV."));
    exportButton->setAccessibleName(tr("Export"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(exportButton);
    menu->addAction(tr("PNG image…"), this, [this] { exportInteractively(ExportFormat::Png); });
    menu->addAction(tr("SVG vector image…"), this,
                    [this] { exportInteractively(ExportFormat::Svg); });
    menu->addAction(tr("PDF document…"), this, [this] { exportInteractively(ExportFormat::Pdf); });
    menu->addAction(tr("CSV data…"), this, [this] { exportInteractively(ExportFormat::Csv); });
    exportButton->setMenu(menu);

    auto* top = new QHBoxLayout;
    m_controls = buildOptionControls(figure.options(), *this, state);
    m_controls->setParent(this);
    for (std::string_view special : figure.special) {
        if (QWidget* extra = buildSpecialControl(special, *this, state)) {
            // After the generic controls, wrapping with them (a FlowLayout).
            m_controls->layout()->addWidget(extra);
        }
    }
    top->addWidget(m_controls, 1);
    top->addWidget(exportButton, 0, Qt::AlignTop);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_plot);
    splitter->addWidget(m_lesson);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    // The plot never collapses; dragging the lesson's edge to the right folds it away.
    splitter->setCollapsible(0, false);
    splitter->setCollapsible(1, true);
    splitter->setSizes({900, 300});

    // The job's progress (a computed job only; a timed one is too short to need it).
    m_jobBar = new QWidget(this);
    m_jobBar->setObjectName(QStringLiteral("job-bar"));
    auto* jobRow = new QHBoxLayout(m_jobBar);
    jobRow->setContentsMargins(0, 0, 0, 0);
    m_jobProgress = new QProgressBar(m_jobBar);
    m_jobProgress->setObjectName(QStringLiteral("job-progress"));
    m_jobProgress->setRange(0, 1000);
    m_jobProgress->setFormat(tr("computing: %p%"));
    m_jobProgress->setAccessibleName(tr("Progress of the computation"));
    m_jobButton = new QPushButton(tr("Ca&ncel"), m_jobBar);
    m_jobButton->setObjectName(QStringLiteral("job-cancel"));
    m_jobButton->setToolTip(tr("Stop the computation; what is finished stays drawn."));
    jobRow->addWidget(m_jobProgress, 1);
    jobRow->addWidget(m_jobButton);
    m_jobBar->hide();
    connect(m_jobButton, &QPushButton::clicked, this, [this] {
        if (m_jobState == JobState::Running) {
            cancelJob();
        } else {
            resumeJob();
        }
    });
    m_measureRunner.setSlowAfter(kSlowMs); // a short job never flashes a bar
    m_measureRunner.setProgressInterval(kProgressEveryMs);
    connect(&m_measureRunner, &JobRunner::slow, this, &FigurePanel::showJobBar);
    connect(&m_measureRunner, &JobRunner::progressChanged, this, &FigurePanel::onJobProgress);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_jobBar);
    m_layerNote->setObjectName(QStringLiteral("layer-note"));
    m_layerNote->setWordWrap(true);
    m_layerNote->setAlignment(Qt::AlignCenter);
    m_layerNote->setFrameShape(QFrame::StyledPanel);
    m_layerNote->setMargin(24);
    m_layerNote->hide();
    layout->addWidget(m_layerNote);
    layout->addWidget(splitter, 1);

    m_plot->installEventFilter(this);
    m_busy = new QLabel(tr("Computing…"), m_plot);
    m_busy->setObjectName(QStringLiteral("busy"));
    m_busy->setAutoFillBackground(true);
    m_busy->setMargin(8);
    m_busy->hide();
    m_computeRunner.setSlowAfter(kSlowMs);
    connect(&m_computeRunner, &JobRunner::slow, this, [this] {
        m_busy->adjustSize();
        m_busy->move((m_plot->width() - m_busy->width()) / 2, m_plot->height() / 3);
        m_busy->raise();
        m_busy->show();
    });
    connect(&m_computeRunner, &JobRunner::idle, m_busy, &QWidget::hide);
    m_lesson->viewport()->installEventFilter(this);
    // The axis rectangle takes its new size only in the layout pass of the next replot, after
    // the resize event that asked for a new frame: that frame was computed for the old size
    // (labels placed in pixels landed far from their markers). When a layout pass finds a
    // size other than the one computed for, compute once more; at most twice in a row, so a
    // layout that alternates between two sizes cannot loop.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        const QSize laidOut = m_plot->axisRect()->rect().size();
        if (laidOut.isValid() && laidOut != m_requestedSize && m_layoutRetries < 2) {
            ++m_layoutRetries;
            QMetaObject::invokeMethod(this, &FigurePanel::refresh, Qt::QueuedConnection);
        } else if (laidOut == m_requestedSize) {
            m_layoutRetries = 0;
        }
    });
    connect(&m_state, &ExplorerState::paramsChanged, this, &FigurePanel::refresh);
    connect(&m_state, &ExplorerState::layerChanged, this, &FigurePanel::showLayer);
    showLayer(m_state.layer(), m_state.layerHasRope());
}

// The runners (declared last) cancel their tasks as they go; the tasks hold only m_figure (a
// registry row that lives as long as the program) and copies of their inputs, so nothing
// waits here.
FigurePanel::~FigurePanel() = default;

bool FigurePanel::busy() const noexcept {
    // The runner's isBusy(), not whether a worker runs: a computation that has just finished
    // is still to be drawn (onComputed() not yet called).
    return m_computeRunner.isBusy() || m_dirty || m_measureRunner.isWaiting() || m_measureAwaited;
}

bool FigurePanel::measuresDeferred() const noexcept {
    if (m_figure.job == nullptr) {
        return false;
    }
    if (m_measuring) {
        return *m_measuring == Measuring::Deferred;
    }
    return m_mode == Mode::Async || m_figure.job->timed;
}

void FigurePanel::setJobState(JobState state) {
    if (state == m_jobState) {
        return;
    }
    m_jobState = state;
    const bool computed = m_figure.job != nullptr && !m_figure.job->timed;
    if (state == JobState::Running) {
        m_jobButton->setText(tr("Ca&ncel"));
        m_jobButton->setToolTip(tr("Stop the computation; what is finished stays drawn."));
        m_jobProgress->setValue(0);
        // The bar (if not shown already) comes with the runner's slow(), never for a short job.
    } else if (state == JobState::Cancelled && computed) {
        // Where it stopped: the runner's newest report, also one not yet shown.
        m_jobProgress->setValue(static_cast<int>(std::lround(1000.0 * m_measureRunner.progress())));
        m_jobButton->setText(tr("Res&ume"));
        m_jobButton->setToolTip(tr("Compute the rest for the current inputs."));
        m_jobProgress->setFormat(tr("cancelled at %p%"));
        m_jobBar->show();
    } else {
        m_jobBar->hide();
    }
    emit jobStateChanged(state);
}

void FigurePanel::showJobBar() {
    const bool computed = m_figure.job != nullptr && !m_figure.job->timed;
    if (computed && m_jobState == JobState::Running) {
        m_jobProgress->setFormat(tr("computing: %p%"));
        m_jobBar->show();
    }
}

void FigurePanel::onJobProgress(double fraction) {
    if (m_jobState == JobState::Running) {
        m_jobProgress->setValue(
            static_cast<int>(std::lround(1000.0 * std::clamp(fraction, 0.0, 1.0))));
    }
}

void FigurePanel::onJobPartial(quint64 run, std::shared_ptr<const figures::JobResult> partial) {
    if (run != m_jobRun || !m_measureAwaited) {
        return; // a superseded run's
    }
    m_measurement = std::move(partial);
    refresh(); // the compose step is cheap
}

void FigurePanel::cancelJob() {
    if (!m_measureAwaited) {
        return;
    }
    m_cancelledInputs = m_measuringInputs;
    stopMeasurement();
    m_measureRunner.stopWaiting();
}

void FigurePanel::resumeJob() {
    m_cancelledInputs.clear();
    m_failedInputs.clear();
    if (m_figure.job == nullptr) {
        return;
    }
    m_measureRunner.stopWaiting();
    startMeasurement();
}

void FigurePanel::stopMeasurement() {
    if (m_measureAwaited) {
        m_measureStopped = true;
        m_measureRunner.interrupt(); // it ends early; what it finished is kept
    }
}

void FigurePanel::setOption(const QString& id, const QVariant& value) {
    setOptions({{id, value}});
}

void FigurePanel::setOptions(const FigureOptions& changes) {
    FigureOptions next = m_options;
    QStringList refused;
    for (auto it = changes.begin(); it != changes.end(); ++it) {
        if (it.value().isNull()) {
            next.insert(it.key(), it.value()); // unset: back to the default
            continue;
        }
        // The same check as --set and sessions: a value the table refuses is never stored.
        const figures::OptionSpec* spec = figures::findOption(m_figure.options(), it.key());
        if (spec == nullptr) {
            refused << tr("panel '%1' has no option '%2'; valid keys: %3")
                           .arg(figures::figureId(m_figure), it.key(),
                                figures::optionKeys(m_figure.options()));
            continue;
        }
        try {
            next.insert(it.key(), figures::checkOptionValue(*spec, it.value()));
            markOptionRefused(m_controls, *spec, QString());
        } catch (const figures::OptionError& e) {
            const QString reason = tr("Not applied: %1").arg(QString::fromUtf8(e.what()));
            markOptionRefused(m_controls, *spec, reason);
            showOptionValue(m_controls, *spec, m_options.value(it.key()), m_options);
            refused << reason;
        }
    }
    if (!refused.isEmpty()) {
        emit failed(refused.join(QLatin1Char('\n')));
    }
    applyOptions(std::move(next));
}

void FigurePanel::restoreOptions(const FigureOptions& options) {
    // Checked like a session file: what the table refuses is named and left out. A null value
    // means unset, as in setOptions().
    FigureOptions set;
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (!it.value().isNull()) {
            set.insert(it.key(), it.value());
        }
    }
    const figures::OptionCheck check =
        figures::checkOptions(figures::figureId(m_figure), m_figure.options(), set);
    if (!check.problems.isEmpty()) {
        emit failed(check.problems.join(QLatin1Char('\n')));
    }
    applyOptions(check.accepted);
}

FigureOptions FigurePanel::persistentOptions() const {
    return m_options; // never holds null values (applyOptions drops them)
}

void FigurePanel::applyOptions(FigureOptions options) {
    // A null value means "unset" (figures read every option with a default): drop it so a
    // removed key and a null key compare equal and never trigger a recompute.
    for (auto it = options.begin(); it != options.end();) {
        it = (it.value().isValid() && !it.value().isNull()) ? std::next(it) : options.erase(it);
    }
    // QVariant compares numbers by value, so 5 (a spin box) equals 5.0 (read back from JSON).
    if (options == m_options) {
        return;
    }
    const FigureOptions previous = std::exchange(m_options, std::move(options));
    syncControls(previous);
    emit optionsChanged(m_options);
    refresh();
}

void FigurePanel::syncControls(const FigureOptions& previous) {
    // Only ids that are or were options and have a generic control; special widgets follow
    // through optionsChanged().
    QStringList ids = previous.keys() + m_options.keys();
    ids.removeDuplicates();
    // Table order, so a grid size is restored before the cell inside it.
    for (const figures::OptionSpec& spec : m_figure.options()) {
        const QString id = QString::fromLatin1(spec.id);
        if (spec.control == figures::OptionControl::Generic && ids.contains(id)) {
            showOptionValue(m_controls, spec, m_options.value(id), m_options);
        }
    }
}

void FigurePanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // View ▸ Show lessons may have changed while this panel was hidden.
    m_lesson->setVisible(QSettings().value(QStringLiteral("view/lesson-visible"), true).toBool());
    requestLesson();
    // Another panel may have unfolded or folded "Using this panel" meanwhile.
    const bool usingOpen =
        QSettings().value(QStringLiteral("view/lesson-using-open"), false).toBool();
    if (usingOpen != m_lessonUsingOpen) {
        m_lessonUsingOpen = usingOpen;
        showLesson();
    }
    if (m_dirty) {
        refresh();
    }
}

namespace {

// The link that folds and unfolds "Using this panel" (never a real address).
const QString kToggleUsingLink = QStringLiteral("rope-lesson:toggle-using");

} // namespace

void FigurePanel::requestLesson() {
    if (m_lessonRequested) {
        return;
    }
    m_lessonRequested = true;
    m_lesson->setPlainText(tr("Loading the lesson…"));
    const std::string_view id = m_figure.id;
    const QString language = figures::currentLanguage();
    FigurePanel* self = this;
    m_lessonRunner.start([id, language, self](const RunControl&) -> std::function<void()> {
        QString html = figures::lessonHtml(id, language);
        return [self, html = std::move(html)] {
            self->m_lessonSource = html;
            self->showLesson();
        };
    });
}

void FigurePanel::showLesson() {
    if (m_lessonSource.isEmpty()) {
        return;
    }
    QString shown;
    for (const figures::LessonPart& part : figures::splitLesson(m_lessonSource)) {
        if (part.id != QLatin1String("using")) {
            shown += part.html;
            continue;
        }
        // The section's own heading, in the lesson's language, names the toggle.
        static const QRegularExpression heading(QStringLiteral("<h4>(.*?)</h4>"),
                                                QRegularExpression::DotMatchesEverythingOption);
        const QRegularExpressionMatch m = heading.match(part.html);
        const QString title = m.hasMatch() ? m.captured(1) : tr("Using this panel");
        const QString body = m.hasMatch() ? part.html.mid(m.capturedEnd()) : part.html;
        const QString label =
            m_lessonUsingOpen ? tr("▾ %1 (hide)").arg(title) : tr("▸ %1 (show)").arg(title);
        shown += QStringLiteral("<h4><a href=\"%1\">%2</a></h4>").arg(kToggleUsingLink, label);
        if (m_lessonUsingOpen) {
            shown += body;
        }
    }
    // Keep the reader's place: setHtml() scrolls back to the top.
    const int scroll = m_lesson->verticalScrollBar()->value();
    m_lesson->setHtml(shown);
    m_lesson->verticalScrollBar()->setValue(scroll);
}

void FigurePanel::setLessonUsingOpen(bool open) {
    if (open == m_lessonUsingOpen) {
        return;
    }
    m_lessonUsingOpen = open;
    QSettings().setValue(QStringLiteral("view/lesson-using-open"), open);
    showLesson();
}

void FigurePanel::onLessonLink(const QUrl& url) {
    if (url.toString() == kToggleUsingLink) {
        setLessonUsingOpen(!m_lessonUsingOpen);
        return;
    }
    if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) {
        QDesktopServices::openUrl(url);
    }
}

bool FigurePanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::Resize) {
        refresh(); // figures compute at the plot's pixel size
    }
    // Ctrl+wheel zooms the lesson; QTextBrowser would zoom out to point size 0 (unreadable,
    // and a QFont warning per step), so zooming out stops at a readable size.
    if (watched == m_lesson->viewport() && event->type() == QEvent::Wheel) {
        const auto* wheel = static_cast<QWheelEvent*>(event);
        constexpr qreal kSmallestLessonPointSize = 6.0;
        if ((wheel->modifiers() & Qt::ControlModifier) && wheel->angleDelta().y() < 0 &&
            m_lesson->font().pointSizeF() <= kSmallestLessonPointSize) {
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

FigureOptions FigurePanel::currentOptions() {
    FigureOptions options = m_options;
    const QRect rect = m_plot->axisRect()->rect();
    m_requestedSize = rect.size();
    options.plot = {std::max(rect.width(), 1), std::max(rect.height(), 1),
                    QFontMetrics(m_plot->font()).height()};
    return options;
}

FigurePanel::Result
FigurePanel::computeResult(const Figure& figure, const rope::RopeParams& params,
                           const FigureOptions& options, quint64 generation, bool deferred,
                           std::shared_ptr<const figures::Measurement> measurement) {
    Result result;
    result.generation = generation;
    try {
        result.data = deferred ? figures::composeFigure(figure, params, options, measurement.get())
                               : figures::figureData(figure, params, options);
    } catch (const std::exception& e) {
        result.error = QString::fromUtf8(e.what());
    }
    return result;
}

void FigurePanel::showLayer(int index, bool hasRope) {
    // A NoPE layer rotates nothing: drawing plain RoPE with the parameters would be a lie.
    m_layerNote->setText(
        hasRope ? QString()
                : tr("Layer %1 has no RoPE (NoPE): its queries and keys are not rotated, so there "
                     "is nothing to draw here. Choose a RoPE layer in the layer strip above.")
                      .arg(index));
    m_layerNote->setVisible(!hasRope);
    m_plot->setVisible(hasRope);
    refresh();
}

void FigurePanel::refresh() {
    ++m_generation;
    if (!m_state.layerHasRope()) {
        m_dirty = true; // caught up when a RoPE layer is chosen again
        return;
    }
    if (m_mode == Mode::Async && !isVisible()) {
        m_dirty = true; // hidden tabs catch up when shown: only what is on screen is computed
        return;
    }
    m_dirty = false;
    const bool deferred = measuresDeferred();
    if (deferred) {
        scheduleMeasurement();
    }
    if (m_mode == Mode::Sync) {
        display(computeResult(m_figure, m_state.params(), currentOptions(), m_generation, deferred,
                              m_measurement));
        return;
    }
    startComputation();
}

void FigurePanel::startComputation() {
    // A computation running now is superseded: the runner drops its frame and starts this one
    // when it has ended (requests in between coalesce into the newest).
    FigurePanel* self = this;
    m_computeRunner.start([self, figure = &m_figure, params = m_state.params(),
                           options = currentOptions(), generation = m_generation,
                           deferred = measuresDeferred(),
                           measurement = m_measurement](const RunControl&) {
        Result result = computeResult(*figure, params, options, generation, deferred, measurement);
        return std::function<void()>(
            [self, result = std::move(result)] { self->onComputed(result); });
    });
}

void FigurePanel::scheduleMeasurement() {
    QVariantMap inputs;
    try {
        inputs = figures::jobInputs(m_figure, m_state.params(), currentOptions());
    } catch (const std::exception&) {
        // Invalid inputs: the compose step reports them (failed()); nothing to measure.
        stopMeasurement();
        m_measureRunner.stopWaiting();
        return;
    }
    const bool running = m_measureAwaited;
    if (running && m_measuringInputs != inputs) {
        stopMeasurement(); // superseded: stop it between two timed runs
    }
    if (!running && m_jobState == JobState::Cancelled && m_cancelledInputs != inputs) {
        setJobState(JobState::Idle); // new inputs: the cancel was for the old ones
    }
    if ((m_measurement && m_measurement->complete && m_measurement->inputs == inputs) ||
        (running && m_measuringInputs == inputs) || (!running && m_failedInputs == inputs) ||
        (!running && m_cancelledInputs == inputs)) {
        m_measureRunner.stopWaiting(); // fresh, or the running job will deliver it, or cancelled
        return;
    }
    // (Re)starts the quiet time: measured once the inputs stay put (debounce).
    m_measureRunner.startAfter(m_figure.job != nullptr && !m_figure.job->timed ? kJobDelayMs
                                                                               : kMeasureDelayMs,
                               [this] { return prepareMeasurement(); });
}

void FigurePanel::startMeasurement() {
    m_measureRunner.start(prepareMeasurement());
}

JobRunner::Task FigurePanel::prepareMeasurement() {
    if (m_measureAwaited) {
        return {}; // a stopped run is ending; onMeasured() schedules the next
    }
    if (m_mode == Mode::Async && !isVisible()) {
        m_dirty = true; // another tab now: measured when shown again
        return {};
    }
    const FigureOptions options = currentOptions();
    try {
        m_measuringInputs = figures::jobInputs(m_figure, m_state.params(), options);
    } catch (const std::exception&) {
        return {};
    }
    m_measureStopped = false;
    ++m_measurementsStarted;
    m_measureAwaited = true;
    const quint64 run = ++m_jobRun;
    setJobState(JobState::Running);
    // Progress and partial results reach this panel's thread through the runner, which drops
    // them once the panel (and with it the runner) is gone; partials of an older run are
    // dropped in onJobPartial().
    FigurePanel* self = this;
    return [self, run, figure = &m_figure, params = m_state.params(), options,
            previous = m_measurement](const RunControl& control) -> std::function<void()> {
        MeasureOutcome outcome;
        try {
            const figures::JobControl job(
                *control.flag(), [control](double fraction) { control.progress(fraction); },
                [control, self, run](std::shared_ptr<const figures::JobResult> partial) {
                    control.deliver([self, run, partial = std::move(partial)]() mutable {
                        self->onJobPartial(run, std::move(partial));
                    });
                });
            outcome.measurement = figures::runJob(*figure, params, options, job, previous.get());
        } catch (const std::exception& e) {
            outcome.error = QString::fromUtf8(e.what());
        }
        return [self, outcome = std::move(outcome)] { self->onMeasured(outcome); };
    };
}

void FigurePanel::onMeasured(const MeasureOutcome& outcome) {
    const std::shared_ptr<const figures::JobResult>& result = outcome.measurement;
    m_measureAwaited = false;
    const bool cancelled = std::exchange(m_measureStopped, false);
    QVariantMap inputs;
    try {
        inputs = figures::jobInputs(m_figure, m_state.params(), currentOptions());
    } catch (const std::exception&) {
    }
    if (result && result->complete && result->inputs == inputs) {
        m_measurement = result;
        ++m_measurementsDelivered;
        setJobState(JobState::Idle);
        refresh(); // redraw with the fresh values (the compose step is cheap)
        return;
    }
    if (cancelled && !m_cancelledInputs.isEmpty() && m_cancelledInputs == inputs) {
        // Cancelled by the user: what it finished stays drawn, Resume computes the rest.
        if (result) {
            m_measurement = result;
        }
        ++m_measurementsCancelled;
        setJobState(JobState::Cancelled);
        refresh();
        return;
    }
    setJobState(outcome.error.isEmpty() ? JobState::Idle : JobState::Failed);
    // Superseded (cancelled, or finished before it saw the cancel). A finished one is still
    // newer than what is drawn: keep it, it is shown marked stale until the next arrives.
    if (result) {
        m_measurement = result;
        if (result->cancelled) {
            ++m_measurementsCancelled;
        }
        if (!m_figure.job->timed) {
            refresh(); // its searches are exact for their own arguments: draw what applies
            return;
        }
    } else if (cancelled) {
        ++m_measurementsCancelled;
    } else if (!outcome.error.isEmpty()) {
        // Not retried for the same inputs (it would fail again every kMeasureDelayMs); the
        // reason is shown like a failed compute.
        m_failedInputs = m_measuringInputs;
        emit failed(tr("The measurement failed: %1").arg(outcome.error));
    }
    if (!m_measureRunner.isWaiting() && !m_dirty && m_state.layerHasRope()) {
        scheduleMeasurement();
    }
}

void FigurePanel::onComputed(const Result& result) {
    // The runner ran this only for the newest request; the generation also drops a frame whose
    // inputs changed without a new computation (a hidden panel marks itself dirty instead).
    if (result.generation == m_generation) {
        display(result);
    }
    if (!m_computeRunner.isBusy()) {
        m_busy->hide();
    }
}

void FigurePanel::display(const Result& result) {
    if (!result.error.isEmpty()) {
        emit failed(result.error);
        return;
    }
    m_drawing = true;
    m_data = result.data;
    drawFigure(*m_plot, m_data);
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
    m_drawing = false;
    emit rendered();
}

void FigurePanel::exportTo(const QString& path, int dpi) {
    exportTo(path, ExportStyle{.scale = std::clamp(dpi, 24, 1200) / 96.0, .theme = std::nullopt});
}

void FigurePanel::exportTo(const QString& path, const ExportStyle& style) {
    // An export in another theme redraws the plot twice: axis-range signals from it must not
    // reach the controls that turn user zooms into options.
    const bool wasDrawing = std::exchange(m_drawing, true);
    try {
        exportFigure(*m_plot, m_data, path, m_plot->size(), style);
    } catch (...) {
        m_drawing = wasDrawing;
        throw;
    }
    m_drawing = wasDrawing;
}

void FigurePanel::exportAsync(const QString& path, const ExportStyle& style,
                              std::shared_ptr<const std::atomic<bool>> cancel,
                              std::function<void(const ExportOutcome&)> then) {
    const std::optional<ExportFormat> format = exportFormatForPath(path);
    if (!format) {
        throw ExportError("unknown extension of '" + path.toStdString() +
                          "' (use .png, .svg, .pdf or .csv)");
    }
    const QSize size = m_plot->size();
    if (*format == ExportFormat::Png) {
        if (const std::string problem = pixelBudgetProblem(size, style.scale); !problem.empty()) {
            throw ExportError("cannot export '" + path.toStdString() + "': " + problem);
        }
    }
    const bool wasDrawing = std::exchange(m_drawing, true); // as in exportTo()
    FigureSnapshot snapshot = snapshotFigure(*m_plot, m_data, *format, size, style);
    m_drawing = wasDrawing;
    if (!cancel) {
        cancel = std::make_shared<const std::atomic<bool>>(false);
    }
    startFigureExport(std::move(snapshot), path, std::move(cancel), this,
                      [this, then = std::move(then)](const ExportOutcome& outcome) {
                          if (then) {
                              then(outcome);
                          }
                          emit exportFinished(outcome);
                      });
}

void FigurePanel::exportWithProgress(const QString& path, const ExportStyle& style) {
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    // Not modal: the window stays usable while a large PNG is compressed; closing it waits
    // for the write (waitForFigureExports()), so nothing is lost.
    auto* progress = new QProgressDialog(tr("Exporting %1…").arg(QFileInfo(path).fileName()),
                                         tr("Cancel"), 0, 0, this);
    progress->setObjectName(QStringLiteral("export-progress"));
    progress->setWindowTitle(tr("Export"));
    progress->setMinimumDuration(400);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    connect(progress, &QProgressDialog::canceled, progress, [cancel] { cancel->store(true); });
    try {
        exportAsync(path, style, cancel, [this, progress](const ExportOutcome& outcome) {
            progress->hide();
            progress->deleteLater();
            if (!outcome.error.isEmpty()) {
                QMessageBox::warning(this, tr("Export failed"), outcome.error);
            }
        });
    } catch (const ExportError& e) {
        delete progress;
        QMessageBox::warning(this, tr("Export failed"), QString::fromUtf8(e.what()));
        emit exportFinished(
            ExportOutcome{.path = path, .error = QString::fromUtf8(e.what()), .cancelled = false});
    }
}

void FigurePanel::exportInteractively(ExportFormat format) {
    const std::optional<ExportStyle> style = ExportOptionsDialog::ask(format, m_plot->size(), this);
    if (!style) {
        return;
    }
    QSettings settings;
    const QString ext = exportExtension(format);
    const QString dirKey = QStringLiteral("export/directory");
    const QString dir = settings.value(dirKey, QDir::homePath()).toString();
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export %1").arg(ext.toUpper()),
                                     QDir(dir).filePath(objectName() + QLatin1Char('.') + ext),
                                     tr("%1 files (*.%2)").arg(ext.toUpper(), ext));
    if (path.isEmpty()) {
        return;
    }
    settings.setValue(dirKey, QFileInfo(path).absolutePath());
    exportWithProgress(path, *style);
}

void FigurePanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange) {
        return;
    }
    const PlotTheme theme = plotThemeFor(palette());
    if (theme == plotTheme(*m_plot)) {
        return;
    }
    setPlotTheme(*m_plot, theme);
    m_drawing = true;
    drawFigure(*m_plot, m_data);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_drawing = false;
}

} // namespace rope::ui
