// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// GUI monkey test (issue #18, docs/RELIABILITY.md): a seeded random walk over the main window —
// every panel, every control in the parameter form and the visible panel (extreme values,
// garbage typed into spin boxes, combo boxes, check boxes, buttons, sliders), every menu action
// (presets, code export, dialogs), window sizes from 200×150 to 3840×2160, exports to
// PNG/SVG/PDF/CSV and session save/load round trips. It fails on
//   - a crash or sanitizer report (the process dies),
//   - the event loop blocked by more than 1 s of GUI-thread CPU time, or for more than 2 s of
//     wall-clock time minus the time the GUI thread waited for a CPU (a 10 ms heartbeat timer
//     measures the longest gap on both clocks: a loaded machine preempting the process does
//     not count, computing does, and so does sleeping on a lock; panels compute on their
//     worker as in the app and draw on the GUI thread),
//   - an infinite value in any plotted data (NaN is allowed only where figure_data.h documents
//     it: a break in a line, a gap in a colour map),
//   - a session that does not load back to the parameters it was saved with.
// A run replays the fixed regression rows (seeds that once failed) and then walks one new seed
// (ROPE_MONKEY_NEW_SEED=N, else the clock), printed first; `tst_gui_monkey --seed N` (or
// ROPE_MONKEY_SEED=N) replays that seed alone, action for action. ROPE_MONKEY_ACTIONS=N sets
// the new seed's number of actions (default 5000) and caps every row's; ROPE_MONKEY_STALL_MS=N
// the CPU limit (default 1000); ROPE_MONKEY_VERBOSE_FROM=N prints every action from the N-th
// on with its GUI-thread time; ROPE_MONKEY_STACKS=N samples the GUI thread's stack whenever the
// event loop is more than N ms late and prints where it was (stall_sampler.h).
// A stall names the actions it happened during; every run reports its slowest actions.
// Language switching is not exercised: no translation exists yet.

#include "io/params_check.h"
#include "io/session.h"
#include "stall_sampler.h"
#include "ui/compute_pool.h"
#include "ui/explorer_state.h"
#include "ui/frame_memory.h"
#include "ui/main_window.h"
#include "ui/panels/figure_panel.h"
#include "ui/render/figure_export.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

using rope::ui::FigureData;
using rope::ui::FigurePanel;
using rope::ui::MainWindow;

namespace {

// --seed N / ROPE_MONKEY_SEED: replay that seed alone. Otherwise the fixed regression rows run,
// then one new seed (ROPE_MONKEY_NEW_SEED, else the clock's milliseconds), printed first.
std::optional<quint64> g_seed;
std::optional<quint64> g_newSeed;
// ROPE_MONKEY_ACTIONS: the new seed's length, and the most any row runs (a shorter walk under
// ASan cuts the regression rows too).
int g_actions = 5000;
bool g_actionsSet = false;

// Seeds that once failed, replayed in every run up to just past the action that failed (with a
// fixed seed the walk draws the same actions). docs/RELIABILITY.md has each cause.
struct RegressionRow {
    quint64 seed;
    int actions;
};
constexpr RegressionRow kRegressionRows[] = {
    // CI's seed since 2026-11-24: wide zig-zag polylines (2.6 s, #418), the frozen thread
    // pool, the Resume wait of the dense b*(L) job (#634). Its first 700 actions, just past
    // #634 (1 000 until 2026-11-29, when CI's run had to shrink; 2 500 before the export rows
    // below came); the explore stage walks a new seed each run.
    {20261123, 700},
    // Issue 23's seeds (5 000 actions each on main at b1d5777): 7 blocked 2.4 s on a spin box
    // edit and 99 for 2.2 s, both with course clicks of 1.8–2.7 s; 1795641769363 for 4.1 s on
    // the menu action "Context extension" after the base-bound panel at b ≈ 10⁹. Causes: the
    // presenter's translucent band edges on Qt's slow wide-polyline path, the course answers
    // computed on the GUI thread (docs/RELIABILITY.md). Their first 1 000 actions: the rows
    // and the new seed together are 10 500 actions, about 7.5 min of CI's 40.
    {7, 1000},
    {99, 1000},
    {1795641769363, 1000},
    // Exports drawn and encoded on the GUI thread: 2026112602 stalled 1.1 s at #2705 on
    // "export identity as csv" (the CSV of a 4 096-pair orthogonality map), 20653 1.26 s at
    // #301 on "export decay as png" at a 3694×2030 window. Since then the plot is frozen on
    // the GUI thread and rasterised, compressed, formatted and written on the pool. Each row
    // runs just past its stall.
    {2026112602, 2710},
    {20653, 560},
};

// Longest the event loop may be blocked by work on the GUI thread: CPU time of the GUI thread
// between two heartbeats (the limit, 1 s; ROPE_MONKEY_STALL_MS changes it).
qint64 g_stallCpuMs = 1000;
// Longest it may be blocked at all, counting the GUI thread waiting on a lock or a semaphore
// but not waiting for a CPU (guiThreadActiveMs): a freeze uses no CPU (seed 1, action 1 182).
// 2 s, or twice a CPU limit raised past 1 s (to look beyond a known stall).
qint64 g_stallMs = 2000;
// Longest the walk waits for the visible panel's computation on the worker thread to finish
// (it does not block the event loop; the SIMD batch panel's benchmark and the b* search can
// take long: those waits are counted and reported, not failed).
constexpr qint64 kSettleMs = 3000;
// Actions between two waits for every panel computation to finish.
constexpr int kSettleEvery = 10;

// Dialogs and popup menus the walk opened (About, Show code, file dialogs, error boxes, a
// button's menu) are closed by this timer, also from inside their own exec() loops.
void closeOpenDialogs() {
    for (QWidget* w : QApplication::topLevelWidgets()) {
        if (!w->isVisible()) {
            continue;
        }
        if (auto* dialog = qobject_cast<QDialog*>(w)) {
            dialog->reject();
        } else if (auto* menu = qobject_cast<QMenu*>(w)) {
            menu->close();
        }
    }
}

QString idOf(const FigurePanel* panel) {
    const std::string_view id = panel->figure().id;
    return QString::fromLatin1(id.data(), static_cast<qsizetype>(id.size()));
}

// Types \p text into \p w key by key (QTest::keyClicks takes ASCII only: other characters go
// as key events carrying the text, as an input method delivers them).
void typeText(QWidget* w, const QString& text) {
    for (const QChar c : text) {
        if (c.unicode() < 128 && c.unicode() >= 32) {
            QTest::keyClick(w, static_cast<char>(c.unicode()));
        } else {
            QTest::sendKeyEvent(QTest::Click, w, Qt::Key_unknown, QString(c), Qt::NoModifier);
        }
    }
}

// CPU time of the calling thread in ms.
qint64 guiThreadCpuMs() {
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<qint64>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

// Time of the calling (GUI) thread in ms that counts towards a stall: wall-clock time minus the
// time the thread waited for a CPU (Linux /proc/thread-self/schedstat: ns on a CPU, ns waiting
// on a run queue, time slices). A loaded machine preempting the process is no stall; a slot
// computing for 2 s is, and so is the GUI thread sleeping on a lock or a semaphore: counting
// CPU time alone, the monkey sat through a 10-minute freeze (seed 1, action 1182: a repaint
// waiting for the thread pool; ui/compute_pool.h). Without schedstat, CPU time.
qint64 guiThreadActiveMs() {
    static const bool haveSchedstat = [] {
        std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
        if (f != nullptr) {
            std::fclose(f);
        }
        return f != nullptr;
    }();
    if (!haveSchedstat) {
        return guiThreadCpuMs();
    }
    unsigned long long onCpuNs = 0;
    unsigned long long waitNs = 0;
    std::FILE* f = std::fopen("/proc/thread-self/schedstat", "r");
    const bool read = f != nullptr && std::fscanf(f, "%llu %llu", &onCpuNs, &waitNs) == 2;
    if (f != nullptr) {
        std::fclose(f);
    }
    timespec now{};
    ::clock_gettime(CLOCK_MONOTONIC, &now);
    const long long wallNs = static_cast<long long>(now.tv_sec) * 1000000000LL + now.tv_nsec;
    static long long lastWaitNs = 0; // a failed read repeats the last wait (counts as a stall)
    if (read) {
        lastWaitNs = static_cast<long long>(waitNs);
    }
    return (wallNs - lastWaitNs) / 1000000;
}

bool allowedNumber(double v, bool nanAllowed) {
    return std::isfinite(v) || (nanAllowed && std::isnan(v));
}

// First non-finite number in \p data, described; empty if none.
QString nonFinite(const FigureData& data) {
    auto checkSeries = [](const std::vector<rope::ui::Series>& series,
                          const QString& where) -> QString {
        for (const auto& s : series) {
            for (std::size_t k = 0; k < s.x.size(); ++k) {
                if (!allowedNumber(s.x[k], true)) {
                    return QStringLiteral("%1 series '%2' x[%3] = %4")
                        .arg(where, s.name)
                        .arg(k)
                        .arg(s.x[k]);
                }
            }
            for (std::size_t k = 0; k < s.y.size(); ++k) {
                if (!allowedNumber(s.y[k], true)) {
                    return QStringLiteral("%1 series '%2' y[%3] = %4")
                        .arg(where, s.name)
                        .arg(k)
                        .arg(s.y[k]);
                }
            }
        }
        return {};
    };
    auto checkLabels = [](const std::vector<rope::ui::TextLabel>& labels) -> QString {
        for (const auto& l : labels) {
            if (!std::isfinite(l.x) || !std::isfinite(l.y)) {
                return QStringLiteral("label '%1' at (%2, %3)").arg(l.text).arg(l.x).arg(l.y);
            }
        }
        return {};
    };
    auto checkRange = [](const std::pair<double, double>& r, const QString& what) -> QString {
        if (!std::isfinite(r.first) || !std::isfinite(r.second)) {
            return QStringLiteral("%1 = [%2, %3]").arg(what).arg(r.first).arg(r.second);
        }
        return {};
    };
    QString why = checkSeries(data.series, QStringLiteral("main"));
    if (why.isEmpty()) {
        why = checkLabels(data.labels);
    }
    for (const auto& r : data.readouts) {
        if (why.isEmpty() && !std::isfinite(r.value)) {
            why = QStringLiteral("readout '%1' = %2").arg(r.label).arg(r.value);
        }
    }
    if (why.isEmpty() && data.xRange) {
        why = checkRange(*data.xRange, QStringLiteral("x range"));
    }
    if (why.isEmpty() && data.yRange) {
        why = checkRange(*data.yRange, QStringLiteral("y range"));
    }
    for (const auto& t : data.xTicks) {
        if (why.isEmpty() && !std::isfinite(t.at)) {
            why = QStringLiteral("x tick '%1'").arg(t.label);
        }
    }
    for (const auto& t : data.yTicks) {
        if (why.isEmpty() && !std::isfinite(t.at)) {
            why = QStringLiteral("y tick '%1'").arg(t.label);
        }
    }
    if (why.isEmpty() && data.colourMap) {
        const auto& map = *data.colourMap;
        for (std::size_t k = 0; k < map.values.size() && why.isEmpty(); ++k) {
            if (!allowedNumber(map.values[k], true)) {
                why = QStringLiteral("colour map value[%1] = %2").arg(k).arg(map.values[k]);
            }
        }
        for (double v : {map.xFirst, map.xLast, map.yFirst, map.yLast, map.zMin, map.zMax}) {
            if (why.isEmpty() && !std::isfinite(v)) {
                why = QStringLiteral("colour map geometry or scale = %1").arg(v);
            }
        }
    }
    if (why.isEmpty() && data.side) {
        why = checkSeries(data.side->series, QStringLiteral("side"));
        if (why.isEmpty()) {
            why = checkLabels(data.side->labels);
        }
        if (why.isEmpty()) {
            why = checkRange(data.side->xRange, QStringLiteral("side x range"));
        }
        if (why.isEmpty()) {
            why = checkRange(data.side->yRange, QStringLiteral("side y range"));
        }
    }
    return why;
}

class GuiMonkey : public QObject {
    Q_OBJECT

private:
    QRandomGenerator m_rng;
    std::deque<QString> m_log;         // the last actions, printed on failure
    std::vector<QString> m_actionText; // every action's description, by action number
    int m_done = 0;
    int m_exports = 0;
    int m_roundTrips = 0;
    // Of the current action's GUI-thread time, the part the walk slept waiting for the exports'
    // thread (left out of the slowest actions, as the settle wait is).
    qint64 m_exportSleepMs = 0;
    int m_menuActions = 0;
    int m_edits = 0;
    int m_errorsShown = 0;
    int m_unsettled = 0;
    // From this action on every action is printed with its GUI-thread time (0: never).
    int m_verboseFrom = 0;

    // An action and the GUI-thread time (guiThreadActiveMs) it and the events after it took.
    struct Timed {
        qint64 cpuMs = 0;
        QString what;
    };
    // The slowest actions so far, slowest first (kSlowestKept of them).
    std::vector<Timed> m_slowest;
    static constexpr std::size_t kSlowestKept = 5;

    void keepIfSlow(qint64 cpuMs, const QString& what) {
        m_slowest.push_back({cpuMs, what});
        std::stable_sort(m_slowest.begin(), m_slowest.end(),
                         [](const Timed& a, const Timed& b) { return a.cpuMs > b.cpuMs; });
        if (m_slowest.size() > kSlowestKept) {
            m_slowest.pop_back();
        }
    }

    QString slowestActions() const {
        QString out =
            QStringLiteral("slowest actions (GUI-thread time of the action and the "
                           "events processed after it; waits for a CPU and sleeps until an "
                           "export's thread is done not counted):\n");
        for (const Timed& t : m_slowest) {
            out += QStringLiteral("  %1 ms  %2\n").arg(t.cpuMs).arg(t.what);
        }
        return out;
    }

    int pick(int n) {
        return n <= 0 ? 0 : static_cast<int>(m_rng.bounded(static_cast<quint32>(n)));
    }

    void note(const QString& what) {
        QString& text = m_actionText[static_cast<std::size_t>(m_done)];
        text += (text.isEmpty() ? QString() : QStringLiteral("; ")) + what;
        if (m_sampler != nullptr) {
            // The state the action left, to rebuild a stall in a benchmark: the visible
            // panel, its options, the parameters and the window's size.
            const FigurePanel* visible = m_sampledWindow->currentPanel();
            QStringList options;
            if (visible != nullptr) {
                for (auto it = visible->options().cbegin(); it != visible->options().cend(); ++it) {
                    options << it.key() + QLatin1Char('=') + it.value().toString();
                }
            }
            const rope::RopeParams& p = m_sampledWindow->state().params();
            const MainWindow* window = m_sampledWindow;
            m_sampler->describe(
                m_done, (text + QStringLiteral(" [visible: %1 {%2}; d=%3 R=%4 b=%5 m=%6 n=%7 "
                                               "L=%8 %9 s=%10; %11x%12]")
                                    .arg(visible != nullptr ? idOf(visible) : QStringLiteral("-"),
                                         options.join(QLatin1Char(',')))
                                    .arg(p.headDim)
                                    .arg(p.rotaryDim)
                                    .arg(p.base, 0, 'g', 6)
                                    .arg(p.m)
                                    .arg(p.n)
                                    .arg(p.context)
                                    .arg(rope::io::scalingIdText(p.scaling.method))
                                    .arg(p.scaling.factor)
                                    .arg(window->width())
                                    .arg(window->height()))
                            .toStdString());
        }
        m_log.push_back(QStringLiteral("#%1 %2").arg(m_done).arg(what));
        if (m_log.size() > 25) {
            m_log.pop_front();
        }
    }

    // "#N what" for the actions \p from … \p to (at most the last kStallSpanShown).
    QString describeActions(int from, int to) const {
        constexpr int kStallSpanShown = 10;
        QString out;
        for (int k = std::max(from, to - kStallSpanShown + 1); k <= to; ++k) {
            const QString& text = m_actionText[static_cast<std::size_t>(k)];
            out += QStringLiteral("  #%1 %2\n")
                       .arg(k)
                       .arg(text.isEmpty() ? QStringLiteral("(nothing to act on)") : text);
        }
        return out;
    }

    QString history() const {
        QString out = QStringLiteral("seed %1, last actions:\n").arg(m_seed);
        for (const QString& line : m_log) {
            out += QStringLiteral("  ") + line + QLatin1Char('\n');
        }
        out += QStringLiteral("replay: ROPE_MONKEY_ACTIONS=%1 tst_gui_monkey --seed %2")
                   .arg(m_count)
                   .arg(m_seed);
        return out;
    }

    // A value for a numeric control: its ends, zero, one, a random point, just outside.
    double numberFor(double lo, double hi) {
        switch (pick(7)) {
        case 0:
            return lo;
        case 1:
            return hi;
        case 2:
            return 0.0;
        case 3:
            return 1.0;
        case 4:
            return lo - 1.0;
        case 5:
            return hi + 1.0;
        default:
            return lo + (hi - lo) * m_rng.generateDouble();
        }
    }

    QString garbage() {
        static const char* const kTexts[] = {"abc",
                                             "-",
                                             "1e999",
                                             "-1e999",
                                             "nan",
                                             "inf",
                                             "0x10",
                                             "",
                                             "  ",
                                             "١٢٣",
                                             "1,5",
                                             "1.5.5",
                                             "99999999999999999999",
                                             "-0",
                                             "1e-320",
                                             "%s%n",
                                             "😀",
                                             "3.14159265358979323846264338"};
        return QString::fromUtf8(kTexts[pick(static_cast<int>(std::size(kTexts)))]);
    }

    // Visible, enabled interactive widgets of the window: the parameter form and the visible
    // panel (hidden tabs' widgets are not visible).
    QList<QWidget*> controls(MainWindow& w) {
        QList<QWidget*> out;
        for (QWidget* c : w.findChildren<QWidget*>()) {
            if (!c->isVisibleTo(&w) || !c->isEnabled()) {
                continue;
            }
            // The training lab's Train starts up to minutes of training on both cores (its
            // job and cancel are tested on small races in tst_training_lab_figure and
            // tst_modern_panels); the monkey edits the lab's options instead.
            if (c->objectName() == QLatin1String("training-lab-train")) {
                continue;
            }
            // A spin box's own line edit is driven through the spin box.
            if (qobject_cast<QLineEdit*>(c) && qobject_cast<QAbstractSpinBox*>(c->parentWidget())) {
                continue;
            }
            if (qobject_cast<QAbstractSpinBox*>(c) || qobject_cast<QComboBox*>(c) ||
                qobject_cast<QAbstractButton*>(c) || qobject_cast<QAbstractSlider*>(c) ||
                qobject_cast<QLineEdit*>(c)) {
                out << c;
            }
        }
        return out;
    }

    QList<QAction*> menuActions(MainWindow& w) {
        QList<QAction*> out;
        std::function<void(QMenu*)> walk = [&](QMenu* menu) {
            for (QAction* a : menu->actions()) {
                if (a->menu()) {
                    walk(a->menu());
                } else if (!a->isSeparator() && a->isEnabled() &&
                           a->shortcut() != QKeySequence(QKeySequence::Quit)) {
                    out << a;
                }
            }
        };
        for (QAction* top : w.menuBar()->actions()) {
            if (top->menu()) {
                walk(top->menu());
            }
        }
        return out;
    }

    void editControl(MainWindow& w) {
        const QList<QWidget*> all = controls(w);
        if (all.isEmpty()) {
            return;
        }
        QWidget* c = all[pick(all.size())];
        const QString name = QStringLiteral("%1 '%2'").arg(
            QString::fromLatin1(c->metaObject()->className()), c->objectName());
        ++m_edits;
        if (auto* spin = qobject_cast<QDoubleSpinBox*>(c)) {
            if (pick(4) == 0) {
                const QString text = garbage();
                note(name + QStringLiteral(" typed '%1'").arg(text));
                spin->selectAll();
                typeText(spin, text);
                QTest::keyClick(spin, Qt::Key_Enter);
            } else {
                const double v = numberFor(spin->minimum(), spin->maximum());
                note(name + QStringLiteral(" = %1").arg(v, 0, 'g', 17));
                spin->setValue(v);
            }
        } else if (auto* ispin = qobject_cast<QSpinBox*>(c)) {
            if (pick(4) == 0) {
                const QString text = garbage();
                note(name + QStringLiteral(" typed '%1'").arg(text));
                ispin->selectAll();
                typeText(ispin, text);
                QTest::keyClick(ispin, Qt::Key_Enter);
            } else {
                const double v = numberFor(ispin->minimum(), ispin->maximum());
                const int iv =
                    static_cast<int>(std::clamp(v, double(std::numeric_limits<int>::min()),
                                                double(std::numeric_limits<int>::max())));
                note(name + QStringLiteral(" = %1").arg(iv));
                ispin->setValue(iv);
            }
        } else if (auto* aspin = qobject_cast<QAbstractSpinBox*>(c)) {
            const bool up = pick(2) == 0;
            note(name + (up ? QStringLiteral(" step up") : QStringLiteral(" step down")));
            aspin->stepBy(up ? 1 : -1);
        } else if (auto* combo = qobject_cast<QComboBox*>(c)) {
            if (combo->isEditable() && pick(3) == 0) {
                const QString text = garbage();
                note(name + QStringLiteral(" typed '%1'").arg(text));
                combo->setEditText(text);
                QTest::keyClick(combo, Qt::Key_Enter);
            } else if (combo->count() > 0) {
                const int index = pick(combo->count());
                note(name +
                     QStringLiteral(" index %1 (%2)").arg(index).arg(combo->itemText(index)));
                combo->setCurrentIndex(index);
            }
        } else if (auto* slider = qobject_cast<QAbstractSlider*>(c)) {
            const int v =
                static_cast<int>(std::llround(numberFor(slider->minimum(), slider->maximum())));
            note(name + QStringLiteral(" = %1").arg(v));
            slider->setValue(v);
        } else if (auto* button = qobject_cast<QAbstractButton*>(c)) {
            note(name + QStringLiteral(" '%1' clicked").arg(button->text()));
            button->click();
        } else if (auto* edit = qobject_cast<QLineEdit*>(c)) {
            const QString text = garbage();
            note(name + QStringLiteral(" typed '%1'").arg(text));
            edit->selectAll();
            typeText(edit, text);
            QTest::keyClick(edit, Qt::Key_Enter);
        }
    }

    void exportPanel(MainWindow& w, const QTemporaryDir& dir) {
        auto* panel = qobject_cast<FigurePanel*>(w.pages()->currentWidget());
        if (panel == nullptr) {
            return;
        }
        static const char* const kExtensions[] = {"png", "svg", "pdf", "csv"};
        const QString ext = QString::fromLatin1(kExtensions[pick(4)]);
        const QString path = dir.filePath(QStringLiteral("export-%1.%2").arg(m_done).arg(ext));
        note(QStringLiteral("export %1 as %2").arg(idOf(panel), ext));
        // As File ▸ Export does it: the plot is frozen on the GUI thread, the encoding and the
        // write run on a worker, waited for here in the event loop (the heartbeat keeps beating).
        std::optional<rope::ui::ExportOutcome> ended;
        try {
            panel->exportAsync(path, rope::ui::ExportStyle{}, nullptr,
                               [&ended](const rope::ui::ExportOutcome& o) { ended = o; });
        } catch (const rope::ui::ExportError& e) {
            QFAIL(qPrintable(QStringLiteral("export to a writable directory failed: %1\n%2")
                                 .arg(QString::fromUtf8(e.what()), history())));
        }
        // The GUI-thread time of the wait is wall time minus waits for a CPU, so the walk's own
        // sleep while the exports' thread rasterises, compresses and writes counts as busy:
        // PNG exports of large windows showed 268-629 ms as slowest actions (seed 1399540327)
        // with 5-17 ms of GUI-thread CPU and the event loop never blocked (longest gap 17 ms).
        // Only the CPU the GUI thread spends meanwhile (events it processes) stays counted; a
        // real block still shows as a gap.
        const qint64 waitStart = guiThreadActiveMs();
        const qint64 waitCpuStart = guiThreadCpuMs();
        while (!ended) {
            QTest::qWait(2);
        }
        m_exportSleepMs += std::max<qint64>(0, (guiThreadActiveMs() - waitStart) -
                                                   (guiThreadCpuMs() - waitCpuStart));
        const rope::ui::ExportOutcome outcome = *ended;
        QVERIFY2(outcome.error.isEmpty() && !outcome.cancelled,
                 qPrintable(QStringLiteral("export to a writable directory failed: %1\n%2")
                                .arg(outcome.error, history())));
        QVERIFY2(QFileInfo(path).size() > 0, qPrintable(history()));
        QFile::remove(path);
        ++m_exports;
    }

    void sessionRoundTrip(MainWindow& w, const QTemporaryDir& dir) {
        const QString path = dir.filePath(QStringLiteral("monkey.ropex"));
        note(QStringLiteral("session save + open"));
        const rope::io::Session before = w.currentSession();
        QVERIFY2(w.saveSessionTo(path), qPrintable(history()));
        QVERIFY2(w.openSession(path), qPrintable(history()));
        rope::io::Session after = w.currentSession();
        // The window layout is restored by Qt and may settle differently; the rest must match.
        rope::io::Session expected = before;
        expected.windowGeometry.clear();
        expected.windowState.clear();
        after.windowGeometry.clear();
        after.windowState.clear();
        QVERIFY2(
            rope::io::sessionToJson(after) == rope::io::sessionToJson(expected),
            qPrintable(QStringLiteral("session round trip changed the session:\n%1\nvs\n%2\n%3")
                           .arg(QString::fromUtf8(rope::io::sessionToJson(expected)),
                                QString::fromUtf8(rope::io::sessionToJson(after)), history())));
        ++m_roundTrips;
    }

    quint64 m_seed = 0;
    int m_count = 0; // actions of the current row
    // ROPE_MONKEY_STACKS: the walk's stall sampler, and the window whose state it names.
    rope::test::StallSampler* m_sampler = nullptr;
    const MainWindow* m_sampledWindow = nullptr;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_verboseFrom = qEnvironmentVariableIntValue("ROPE_MONKEY_VERBOSE_FROM");
        if (g_seed) {
            std::printf("tst_gui_monkey: seed %llu, %d actions (replay: tst_gui_monkey --seed "
                        "%llu)\n",
                        static_cast<unsigned long long>(*g_seed), g_actions,
                        static_cast<unsigned long long>(*g_seed));
        } else if (g_newSeed) {
            std::printf("tst_gui_monkey: new seed %llu, %d actions, after %zu regression rows "
                        "(replay: tst_gui_monkey --seed %llu)\n",
                        static_cast<unsigned long long>(*g_newSeed), g_actions,
                        std::size(kRegressionRows), static_cast<unsigned long long>(*g_newSeed));
        } else {
            std::printf("tst_gui_monkey: the %zu regression rows only (ROPE_MONKEY_NEW_SEED=off)\n",
                        std::size(kRegressionRows));
        }
        std::printf("tst_gui_monkey: stall limits %lld ms of GUI-thread CPU, %lld ms of "
                    "GUI-thread time (waits for a CPU not counted)\n",
                    static_cast<long long>(g_stallCpuMs), static_cast<long long>(g_stallMs));
        std::fflush(stdout);
    }

    void randomWalk_data() {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<int>("count");
        if (g_seed) {
            QTest::addRow("seed %llu", static_cast<unsigned long long>(*g_seed))
                << *g_seed << g_actions;
            return;
        }
        for (const RegressionRow& row : kRegressionRows) {
            QTest::addRow("regression seed %llu", static_cast<unsigned long long>(row.seed))
                << row.seed << (g_actionsSet ? std::min(row.actions, g_actions) : row.actions);
        }
        if (g_newSeed) {
            QTest::addRow("new seed %llu", static_cast<unsigned long long>(*g_newSeed))
                << *g_newSeed << g_actions;
        }
    }

    void randomWalk() {
        QFETCH(quint64, seed);
        QFETCH(int, count);
        m_seed = seed;
        m_count = count;
        std::printf("tst_gui_monkey: seed %llu, %d actions\n",
                    static_cast<unsigned long long>(seed), count);
        std::fflush(stdout);
        m_rng.seed(seed);
        m_log.clear();
        m_actionText.assign(static_cast<std::size_t>(std::max(count, 1)), QString());
        m_slowest.clear();
        m_done = m_exports = m_roundTrips = m_menuActions = m_edits = m_errorsShown = m_unsettled =
            0;
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow w(nullptr, false);
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QTimer closer;
        closer.setInterval(20);
        QObject::connect(&closer, &QTimer::timeout, &closer, [this] {
            for (QWidget* t : QApplication::topLevelWidgets()) {
                if (t->isVisible() && t->objectName() == QLatin1String("error-box")) {
                    ++m_errorsShown;
                }
            }
            closeOpenDialogs();
        });
        closer.start();

        // The stall detector: a 10 ms heartbeat on the GUI thread; the longest gap between two
        // beats is the longest time the event loop could not run (drawing, a slot, an action).
        // The gap is counted in guiThreadActiveMs(): a loaded CI machine that preempts the
        // process is not a stall; a slot or a replot that computes for 2 s is, and so is the
        // GUI thread waiting 2 s on a lock.
        // A gap is attributed to the actions from the one running at the beat before it
        // (gapFrom) to the one running when it was measured (gapTo): the same action, unless
        // the event loop did not run a beat between actions.
        // Two clocks: GUI-thread CPU time (limit g_stallCpuMs) and GUI-thread time without
        // waits for a CPU (limit g_stallMs); the gap reported is the one over its limit, else
        // the CPU gap.
        qint64 lastBeat = guiThreadActiveMs();
        qint64 lastBeatCpu = guiThreadCpuMs();
        int lastBeatAction = 0;
        qint64 longestGap = 0;
        qint64 longestCpuGap = 0;
        int gapFrom = 0;
        int gapTo = 0;
        int cpuGapFrom = 0;
        int cpuGapTo = 0;
        auto measureGap = [&](qint64 now, qint64 nowCpu) {
            if (now - lastBeat > longestGap) {
                longestGap = now - lastBeat;
                gapFrom = lastBeatAction;
                gapTo = m_done;
            }
            if (nowCpu - lastBeatCpu > longestCpuGap) {
                longestCpuGap = nowCpu - lastBeatCpu;
                cpuGapFrom = lastBeatAction;
                cpuGapTo = m_done;
            }
        };
        std::optional<rope::test::StallSampler> sampler;
        if (qEnvironmentVariableIntValue("ROPE_MONKEY_STACKS") > 0) {
            sampler.emplace(qEnvironmentVariableIntValue("ROPE_MONKEY_STACKS"));
            m_sampler = &*sampler;
            m_sampledWindow = &w;
        }
        const auto forgetSampler = qScopeGuard([this] { m_sampler = nullptr; });
        QTimer heartbeat;
        heartbeat.setInterval(10);
        QObject::connect(&heartbeat, &QTimer::timeout, &heartbeat, [&] {
            if (sampler) {
                sampler->beat();
            }
            const qint64 now = guiThreadActiveMs();
            const qint64 nowCpu = guiThreadCpuMs();
            measureGap(now, nowCpu);
            lastBeat = now;
            lastBeatCpu = nowCpu;
            lastBeatAction = m_done;
        });
        heartbeat.start();

        const QList<QAction*> actions = menuActions(w);
        QVERIFY(!actions.isEmpty());
        QElapsedTimer total;
        total.start();
        qint64 longestGapOfRun = 0;
        QString longestGapWhere;
        qint64 longestCpuGapOfRun = 0;
        QString longestCpuGapWhere;
        for (m_done = 0; m_done < m_count; ++m_done) {
            if (sampler) {
                sampler->setAction(m_done);
            }
            const qint64 actionStart = guiThreadActiveMs();
            const qint64 actionCpuStart = guiThreadCpuMs();
            m_exportSleepMs = 0;
            QElapsedTimer actionWall;
            actionWall.start();
            if (m_done > 0 && m_done % 1000 == 0) {
                std::printf("tst_gui_monkey: %d actions, %.0f s\n", m_done,
                            total.elapsed() / 1000.0);
                std::fflush(stdout);
            }
            const int kind = pick(100);
            if (kind < 8) {
                const int tab = pick(w.pages()->count());
                note(QStringLiteral("panel %1 (%2)")
                         .arg(tab)
                         .arg(w.pages()->widget(tab)->objectName()));
                w.pages()->setCurrentIndex(tab);
            } else if (kind < 14) {
                QAction* a = actions[pick(actions.size())];
                note(QStringLiteral("menu action '%1'").arg(a->text()));
                a->trigger();
                ++m_menuActions;
            } else if (kind < 18) {
                const int width = 200 + pick(3840 - 200 + 1);
                const int height = 150 + pick(2160 - 150 + 1);
                note(QStringLiteral("resize %1x%2").arg(width).arg(height));
                w.resize(width, height);
            } else if (kind < 20) {
                exportPanel(w, dir);
            } else if (kind < 21) {
                sessionRoundTrip(w, dir);
            } else {
                editControl(w);
            }
            if (QTest::currentTestFailed()) {
                return;
            }
            // Every action lets the event loop run once, without sleeping (a user acts faster
            // than a heavy panel computes: coalescing is exercised); every kSettleEvery-th
            // waits until the visible panel shows the frame of the current inputs, so final
            // frames are checked too. Only the visible panel is waited for: a hidden panel's
            // computation still running (the base-bound panel's b*(L) curve takes 35 s at
            // d = 128 with an empty cache) neither blocks the event loop nor is on screen, and
            // waiting for the whole thread pool made the walk ~1 action/s.
            QElapsedTimer idle;
            idle.start();
            // The slowest-actions list leaves the settle wait out (it sleeps in the event loop).
            qint64 actionBusyEnd = 0;
            auto* visible = qobject_cast<FigurePanel*>(w.pages()->currentWidget());
            if (m_done % kSettleEvery == 0 && visible != nullptr) {
                actionBusyEnd = guiThreadActiveMs();
                while (visible->busy() && idle.elapsed() < kSettleMs) {
                    QTest::qWait(2);
                }
                if (visible->busy()) {
                    ++m_unsettled; // a long computation on the worker: counted, not a stall
                }
            } else {
                QCoreApplication::processEvents();
            }
            const qint64 actionEnd = guiThreadActiveMs();
            measureGap(actionEnd, guiThreadCpuMs());
            if (actionBusyEnd == 0) {
                actionBusyEnd = actionEnd;
            }
            actionBusyEnd -= m_exportSleepMs;
            const QString& what = m_actionText[static_cast<std::size_t>(m_done)];
            keepIfSlow(actionBusyEnd - actionStart, QStringLiteral("#%1 %2").arg(m_done).arg(what));
            if (m_verboseFrom > 0 && m_done >= m_verboseFrom) {
                // The monotonic clock's time lines the log up with a profiler's samples.
                timespec now{};
                ::clock_gettime(CLOCK_MONOTONIC, &now);
                std::printf("tst_gui_monkey: #%d at %lld.%03lld s: %lld ms busy (%lld ms CPU), "
                            "%lld ms wall, longest gap %lld ms: %s\n",
                            m_done, static_cast<long long>(now.tv_sec),
                            static_cast<long long>(now.tv_nsec / 1000000),
                            static_cast<long long>(actionBusyEnd - actionStart),
                            static_cast<long long>(guiThreadCpuMs() - actionCpuStart),
                            static_cast<long long>(actionWall.elapsed()),
                            static_cast<long long>(longestGap), qPrintable(what));
                std::fflush(stdout);
            }
            if (longestGap > longestGapOfRun) {
                longestGapOfRun = longestGap;
                longestGapWhere = describeActions(gapFrom, gapTo);
            }
            if (longestCpuGap > longestCpuGapOfRun) {
                longestCpuGapOfRun = longestCpuGap;
                longestCpuGapWhere = describeActions(cpuGapFrom, cpuGapTo);
            }
            if (longestCpuGap > g_stallCpuMs || longestGap > g_stallMs) {
                const bool cpu = longestCpuGap > g_stallCpuMs;
                // QTest cuts a long failure message: the whole of it goes to stdout first.
                const QString why =
                    QStringLiteral("event loop blocked %1 ms (%2; limit %3 ms), during:\n%4%5%6")
                        .arg(cpu ? longestCpuGap : longestGap)
                        .arg(cpu ? QStringLiteral("GUI-thread CPU time")
                                 : QStringLiteral("GUI thread computing or waiting, waits for a "
                                                  "CPU not counted"))
                        .arg(cpu ? g_stallCpuMs : g_stallMs)
                        .arg(cpu ? describeActions(cpuGapFrom, cpuGapTo)
                                 : describeActions(gapFrom, gapTo),
                             slowestActions(), history());
                std::printf("tst_gui_monkey: %s\n", qPrintable(why));
                std::fflush(stdout);
                QFAIL(qPrintable(why));
            }
            longestGap = 0;
            longestCpuGap = 0;
            auto* current = qobject_cast<FigurePanel*>(w.pages()->currentWidget());
            if (current != nullptr) {
                const QString why = nonFinite(current->data());
                QVERIFY2(why.isEmpty(),
                         qPrintable(QStringLiteral("panel %1 plots a non-finite value: %2\n%3")
                                        .arg(idOf(current), why, history())));
            }
        }
        closer.stop();
        closeOpenDialogs();
        for (FigurePanel* p : w.panels()) {
            const QString why = nonFinite(p->data());
            QVERIFY2(why.isEmpty(),
                     qPrintable(QStringLiteral("panel %1: %2\n%3").arg(idOf(p), why, history())));
        }
        std::printf(
            "tst_gui_monkey: seed %llu: %d actions in %.1f s (%d control edits, %d menu "
            "actions, %d exports, %d session round trips, %d error boxes seen, %d waits for the "
            "visible panel cut at 3 s); longest event-loop block %lld ms of GUI-thread CPU, "
            "during:\n%s%lld ms of GUI-thread time (waits for a CPU not counted), during:\n%s%s",
            static_cast<unsigned long long>(m_seed), m_done, total.elapsed() / 1000.0, m_edits,
            m_menuActions, m_exports, m_roundTrips, m_errorsShown, m_unsettled,
            static_cast<long long>(longestCpuGapOfRun), qPrintable(longestCpuGapWhere),
            static_cast<long long>(longestGapOfRun), qPrintable(longestGapWhere),
            qPrintable(slowestActions()));
        std::fflush(stdout);
    }
};

} // namespace

int main(int argc, char** argv) {
    // --seed N and the environment are ours; everything else goes to QTest.
    std::vector<char*> rest;
    std::optional<quint64> seed;
    if (qEnvironmentVariableIsSet("ROPE_MONKEY_SEED")) {
        seed = qEnvironmentVariable("ROPE_MONKEY_SEED").toULongLong();
    }
    for (int k = 0; k < argc; ++k) {
        if (std::string_view(argv[k]) == "--seed" && k + 1 < argc) {
            seed = std::strtoull(argv[++k], nullptr, 10);
        } else {
            rest.push_back(argv[k]);
        }
    }
    g_seed = seed;
    // ROPE_MONKEY_NEW_SEED=off: the regression rows alone (CI walks its new seed in a run of
    // its own, `--seed N`, so that a stall it finds is reported beside the fixed rows' verdict).
    if (qEnvironmentVariable("ROPE_MONKEY_NEW_SEED") != QLatin1String("off")) {
        g_newSeed = qEnvironmentVariableIsSet("ROPE_MONKEY_NEW_SEED")
                        ? qEnvironmentVariable("ROPE_MONKEY_NEW_SEED").toULongLong()
                        : static_cast<quint64>(QDateTime::currentMSecsSinceEpoch());
    }
    if (qEnvironmentVariableIsSet("ROPE_MONKEY_ACTIONS")) {
        g_actions = qEnvironmentVariableIntValue("ROPE_MONKEY_ACTIONS");
        g_actionsSet = true;
    }
    if (qEnvironmentVariableIsSet("ROPE_MONKEY_STALL_MS")) {
        g_stallCpuMs = qEnvironmentVariableIntValue("ROPE_MONKEY_STALL_MS");
        g_stallMs = std::max<qint64>(g_stallMs, 2 * g_stallCpuMs);
    }
    // QTest's default 300 s per test function is too short for 5000 actions on a loaded
    // machine (seed 7 reached action 3 476 in 1 400 s at load 15); CTest's TIMEOUT (3600 s,
    // for every row) stays the outer limit.
    if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT")) {
        qputenv("QTEST_FUNCTION_TIMEOUT", "3500000");
    }
    // As the app does at start-up (app/gui/main.cpp): the walk measures the app's GUI thread.
    rope::ui::keepFrameBuffersMapped();
    int restCount = static_cast<int>(rest.size());
    QApplication app(restCount, rest.data());
    rope::ui::lowerComputePool();
    GuiMonkey monkey;
    return QTest::qExec(&monkey, restCount, rest.data());
}

#include "tst_gui_monkey.moc"
