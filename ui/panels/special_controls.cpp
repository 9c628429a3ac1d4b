// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panels/special_controls.h"

#include "core/scaling/scaling_registry.h"
#include "figures/base_bound_job.h"
#include "io/presets.h"
#include "ui/explorer_state.h"
#include "ui/panels/figure_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTimer>
#include <qcustomplot.h>

#include <cmath>
#include <memory>
#include <optional>

namespace rope::ui {

namespace {

QWidget* row() {
    auto* box = new QWidget;
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    return box;
}

// Heatmap: zoom and pan along positions only (each new range is recomputed at screen
// resolution, options "y-min"/"y-max"), and a button back to the whole context.
QWidget* heatmapZoom(FigurePanel& panel, ExplorerState& state) {
    QWidget* box = row();
    auto* resetView = new QPushButton(FigurePanel::tr("Whole &context"), box);
    resetView->setToolTip(FigurePanel::tr("Zoom out to positions 0 … L−1."));
    auto* hint = new QLabel(FigurePanel::tr("Wheel: zoom positions · drag: pan"), box);
    box->layout()->addWidget(resetView);
    box->layout()->addWidget(hint);
    const auto wholeContext = [&panel] {
        panel.setOptions(
            {{QStringLiteral("y-min"), QVariant()}, {QStringLiteral("y-max"), QVariant()}});
    };
    QObject::connect(resetView, &QPushButton::clicked, &panel, wholeContext);
    QCustomPlot* plot = panel.plot();
    plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot->axisRect()->setRangeDrag(Qt::Vertical);
    plot->axisRect()->setRangeZoom(Qt::Vertical);
    QObject::connect(plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), &panel,
                     [&panel](const QCPRange& range) {
                         if (!panel.isDrawing()) {
                             panel.setOptions({{QStringLiteral("y-min"), range.lower},
                                               {QStringLiteral("y-max"), range.upper}});
                         }
                     });
    // A new context length shows the whole new context.
    auto lastContext = std::make_shared<long long>(state.params().context);
    QObject::connect(&state, &ExplorerState::paramsChanged, &panel,
                     [wholeContext, lastContext](const rope::RopeParams& p) {
                         if (p.context != *lastContext) {
                             *lastContext = p.context;
                             wholeContext();
                         }
                     });
    return box;
}

// Derivation: Previous / Next step through option "page" (the spin box made from the table
// shows the same number); each button is disabled at its end of the pages.
QWidget* derivationPages(FigurePanel& panel, ExplorerState& /*state*/) {
    QWidget* box = row();
    auto* previous = new QPushButton(FigurePanel::tr("P&revious"), box);
    previous->setObjectName(QStringLiteral("previous-page"));
    previous->setToolTip(FigurePanel::tr("The previous step of the derivation."));
    auto* next = new QPushButton(FigurePanel::tr("&Next"), box);
    next->setObjectName(QStringLiteral("next-page"));
    next->setToolTip(FigurePanel::tr("The next step of the derivation."));
    box->layout()->addWidget(previous);
    box->layout()->addWidget(next);
    const figures::OptionSpec* spec =
        figures::findOption(panel.figure().options(), QStringLiteral("page"));
    const int first = static_cast<int>(spec->min);
    const int last = static_cast<int>(spec->max);
    const auto current = [&panel] {
        return figures::withDefaults(panel.figure().options(), panel.options())
            .value(QStringLiteral("page"))
            .toInt();
    };
    const auto enable = [previous, next, first, last](int page) {
        previous->setEnabled(page > first);
        next->setEnabled(page < last);
    };
    enable(current());
    QObject::connect(previous, &QPushButton::clicked, &panel, [&panel, current, first] {
        panel.setOption(QStringLiteral("page"), std::max(first, current() - 1));
    });
    QObject::connect(next, &QPushButton::clicked, &panel, [&panel, current, last] {
        panel.setOption(QStringLiteral("page"), std::min(last, current() + 1));
    });
    QObject::connect(&panel, &FigurePanel::optionsChanged, box,
                     [enable, current](const figures::FigureOptions&) { enable(current()); });
    return box;
}

// Rotation: an animation of the positions (not an option: it changes the shared m and n).
QWidget* rotationPlay(FigurePanel& /*panel*/, ExplorerState& state) {
    QWidget* box = row();
    auto* mode = new QComboBox(box);
    mode->setObjectName(QStringLiteral("animate"));
    mode->addItem(FigurePanel::tr("move m"), QStringLiteral("m"));
    mode->addItem(FigurePanel::tr("move m and n together"), QStringLiteral("both"));
    mode->setToolTip(FigurePanel::tr("Moving both keeps n − m, the angle between R_m q and R_n k "
                                     "and the score fixed."));
    mode->setAccessibleName(FigurePanel::tr("Animation"));
    auto* play = new QPushButton(box);
    play->setObjectName(QStringLiteral("play"));
    play->setCheckable(true);
    play->setToolTip(FigurePanel::tr("Advance the position by one token per frame."));
    // Text only: the ▶/⏸ glyphs are missing from some fonts (a box instead of a symbol).
    const auto label = [play](bool on) {
        play->setText(on ? FigurePanel::tr("&Pause") : FigurePanel::tr("&Play"));
    };
    label(false);
    box->layout()->addWidget(mode);
    box->layout()->addWidget(play);

    auto* timer = new QTimer(box);
    timer->setInterval(40);
    QObject::connect(play, &QPushButton::toggled, timer, [timer, label](bool on) {
        label(on);
        if (on) {
            timer->start();
        } else {
            timer->stop();
        }
    });
    QObject::connect(timer, &QTimer::timeout, &state, [&state, mode] {
        rope::RopeParams p = state.params();
        const bool both = mode->currentData().toString() == QLatin1String("both");
        // Wrap at the context end so the animation can run forever; moving both keeps n − m.
        const long long step = (p.m + 1 >= p.context) ? -p.m : 1;
        p.m += step;
        if (both) {
            p.n += step;
        }
        state.setParams(p);
    });
    return box;
}

// 2D RoPE: a click on a patch of either score map makes it the query (column y along x, row x
// along the reversed y axis, cell centres at integers).
QWidget* rope2dPick(FigurePanel& panel, ExplorerState& /*state*/) {
    QCustomPlot* plot = panel.plot();
    QObject::connect(plot, &QCustomPlot::mousePress, &panel, [&panel, plot](QMouseEvent* event) {
        const int y =
            static_cast<int>(std::lround(plot->xAxis->pixelToCoord(event->position().x())));
        const int x =
            static_cast<int>(std::lround(plot->yAxis->pixelToCoord(event->position().y())));
        const figures::FigureOptions options =
            figures::withDefaults(panel.figure().options(), panel.options());
        const bool grid = options.value(QStringLiteral("view")).toString() !=
                          QLatin1String("generators");
        const int rows = options.value(QStringLiteral("rows")).toInt();
        const int cols = options.value(QStringLiteral("cols")).toInt();
        if (!grid || x < 0 || x >= rows || y < 0 || y >= cols) {
            return;
        }
        panel.setOptions({{QStringLiteral("query-row"), x}, {QStringLiteral("query-col"), y}});
    });
    return nullptr;
}

// Attention: the factor a is the scaling method's unless overridden; option "factor" is set
// only while the check box is on.
QWidget* attentionFactor(FigurePanel& panel, ExplorerState& state) {
    QWidget* box = row();
    auto* override = new QCheckBox(FigurePanel::tr("&Attention factor:"), box);
    override->setObjectName(QStringLiteral("override-factor"));
    override->setToolTip(FigurePanel::tr("Unchecked: the factor of the current scaling method."));
    const figures::OptionSpec* spec =
        figures::findOption(panel.figure().options(), QStringLiteral("factor"));
    auto* factor = new QDoubleSpinBox(box);
    factor->setObjectName(QStringLiteral("factor"));
    factor->setRange(spec->min, spec->max);
    factor->setSingleStep(spec->step);
    factor->setDecimals(spec->decimals);
    factor->setValue(rope::scaledFrequencies(state.params()).attentionFactor);
    factor->setEnabled(false);
    factor->setAccessibleName(FigurePanel::tr("Attention factor"));
    factor->setToolTip(FigurePanel::tr("q and k are multiplied by a, so every score by a² (an "
                                       "inverse softmax temperature)."));
    box->layout()->addWidget(override);
    box->layout()->addWidget(factor);
    const auto apply = [&panel, override, factor] {
        factor->setEnabled(override->isChecked());
        panel.setOption(QStringLiteral("factor"),
                        override->isChecked() ? QVariant(factor->value()) : QVariant());
    };
    QObject::connect(override, &QCheckBox::toggled, &panel, apply);
    QObject::connect(factor, &QDoubleSpinBox::valueChanged, &panel, apply);
    // Restored options: the check box follows whether "factor" is set.
    QObject::connect(&panel, &FigurePanel::optionsChanged, factor,
                     [factor, override, &state](const figures::FigureOptions& options) {
                         const bool on = options.contains(QStringLiteral("factor"));
                         const QSignalBlocker blockOverride(override);
                         const QSignalBlocker blockFactor(factor);
                         override->setChecked(on);
                         factor->setEnabled(on);
                         factor->setValue(
                             on ? options.value(QStringLiteral("factor")).toDouble()
                                : rope::scaledFrequencies(state.params()).attentionFactor);
                     });
    // While not overridden, the spin box shows the method's factor.
    QObject::connect(&state, &ExplorerState::paramsChanged, factor,
                     [factor, override](const rope::RopeParams& p) {
                         if (!override->isChecked()) {
                             const QSignalBlocker block(factor);
                             factor->setValue(rope::scaledFrequencies(p).attentionFactor);
                         }
                     });
    return box;
}

// Base bound, landscape view: zoom (wheel) and pan (drag) along b, each new range recomputed
// (options "b-min"/"b-max": new inputs, so the panel cancels the job for the old range and
// runs one for the new), a button back to the default range, and the binding m under the
// cursor from the job's landscape. Progress, Cancel and Resume are the panel's (FigurePanel).
QWidget* baseBoundLandscape(FigurePanel& panel, ExplorerState& state) {
    QWidget* box = row();
    auto* resetView = new QPushButton(FigurePanel::tr("Whole &range"), box);
    resetView->setToolTip(FigurePanel::tr("Back to the default bases: b*/3 … 2·b_T."));
    auto* cursor = new QLabel(FigurePanel::tr("Wheel: zoom b · drag: pan"), box);
    cursor->setObjectName(QStringLiteral("landscape-cursor"));
    cursor->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->layout()->addWidget(resetView);
    box->layout()->addWidget(cursor);
    static_cast<QHBoxLayout*>(box->layout())->addStretch(1);
    QCustomPlot* plot = panel.plot();
    const auto isLandscape = [&panel] {
        return figures::withDefaults(panel.figure().options(), panel.options())
                   .value(QStringLiteral("view"))
                   .toString() == QLatin1String("landscape");
    };
    const auto update = [isLandscape, box, plot] {
        const bool on = isLandscape();
        plot->setInteractions(on ? QCP::iRangeDrag | QCP::iRangeZoom : QCP::Interactions());
        plot->axisRect()->setRangeDrag(Qt::Horizontal);
        plot->axisRect()->setRangeZoom(Qt::Horizontal);
        box->setVisible(on);
    };
    QObject::connect(resetView, &QPushButton::clicked, &panel, [&panel] {
        panel.setOptions({{QStringLiteral("b-min"), QVariant()}, {QStringLiteral("b-max"), QVariant()}});
    });
    QObject::connect(plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), &panel,
                     [&panel, isLandscape](const QCPRange& range) {
                         if (!panel.isDrawing() && isLandscape()) {
                             panel.setOptions({{QStringLiteral("b-min"), range.lower},
                                               {QStringLiteral("b-max"), range.upper}});
                         }
                     });
    // A new L or d shows its own default range (b* moves by orders of magnitude).
    auto last = std::make_shared<std::pair<long long, int>>(state.params().context,
                                                             state.params().effectiveRotaryDim());
    QObject::connect(&state, &ExplorerState::paramsChanged, box,
                     [&panel, last](const rope::RopeParams& p) {
                         const std::pair<long long, int> now{p.context, p.effectiveRotaryDim()};
                         if (now != *last) {
                             *last = now;
                             panel.setOptions({{QStringLiteral("b-min"), QVariant()},
                                               {QStringLiteral("b-max"), QVariant()}});
                         }
                     });
    QObject::connect(plot, &QCustomPlot::mouseMove, cursor,
                     [&panel, plot, cursor, isLandscape](QMouseEvent* event) {
                         if (!isLandscape()) {
                             return;
                         }
                         const double b = plot->xAxis->pixelToCoord(event->position().x());
                         const std::optional<rope::LandscapePoint> p =
                             figures::landscapePointNear(panel.jobResult(), b);
                         if (!p) {
                             return;
                         }
                         cursor->setText(FigurePanel::tr("b = %1: g = %2, binding m = %3 (%4)")
                                             .arg(p->base, 0, 'g', 10)
                                             .arg(p->minValue, 0, 'g', 4)
                                             .arg(p->argmin)
                                             .arg(p->minValue >= 0.0 ? FigurePanel::tr("feasible")
                                                                     : FigurePanel::tr("infeasible")));
                     });
    QObject::connect(&panel, &FigurePanel::optionsChanged, box, update);
    update();
    return box;
}

struct Special {
    std::string_view id;
    QWidget* (*build)(FigurePanel&, ExplorerState&);
};

// Doctor: the second configuration of the comparison (option "compare-with"): the loaded
// model without its scaling, a preset, or a config.json / GGUF file chosen in a dialog. A value
// not in the list (a file, a session's value) is shown as an extra item.
QWidget* doctorCompare(FigurePanel& panel, ExplorerState& /*state*/) {
    QWidget* box = row();
    auto* label = new QLabel(FigurePanel::tr("Compare &with:"), box);
    auto* combo = new QComboBox(box);
    combo->setObjectName(QStringLiteral("doctor-compare-with"));
    combo->setToolTip(FigurePanel::tr("The second configuration of the comparison."));
    label->setBuddy(combo);
    auto* file = new QPushButton(FigurePanel::tr("&File…"), box);
    file->setToolTip(FigurePanel::tr("Compare with a config.json or GGUF file."));
    box->layout()->addWidget(label);
    box->layout()->addWidget(combo);
    box->layout()->addWidget(file);
    const auto fill = [combo](const QString& current) {
        const QSignalBlocker block(combo);
        combo->clear();
        combo->addItem(FigurePanel::tr("the same without scaling"), QStringLiteral("unscaled"));
        for (const io::Preset& preset : io::allPresets()) {
            combo->addItem(preset.displayName, preset.id);
        }
        int index = combo->findData(current);
        if (index < 0) {
            combo->addItem(QFileInfo(current).fileName(), current);
            index = combo->count() - 1;
        }
        combo->setCurrentIndex(index);
    };
    const auto currentValue = [&panel] {
        return panel.options()
            .value(QStringLiteral("compare-with"), QStringLiteral("unscaled"))
            .toString();
    };
    fill(currentValue());
    QObject::connect(combo, &QComboBox::activated, &panel, [&panel, combo](int index) {
        panel.setOption(QStringLiteral("compare-with"), combo->itemData(index));
    });
    QObject::connect(&panel, &FigurePanel::optionsChanged, combo,
                     [fill, currentValue](const figures::FigureOptions&) { fill(currentValue()); });
    QObject::connect(file, &QPushButton::clicked, &panel, [&panel] {
        const QString path = QFileDialog::getOpenFileName(
            &panel, FigurePanel::tr("Compare with a model file"), QString(),
            FigurePanel::tr("Model files (*.json *.gguf);;All files (*)"));
        if (!path.isEmpty()) {
            panel.setOption(QStringLiteral("compare-with"), path);
        }
    });
    return box;
}

// Training lab: the race trains only on request (option "run", never shown as a control).
// Train turns it on; while the job runs, the panel's job bar shows the progress and Cancel
// (then Resume). Changing an option the race depends on turns "run" off again, so the plot goes
// back to saying what Train would run instead of starting minutes of training unasked; the
// job hands the finished runs on, and Train for their settings again draws them at once.
// "Curve" only redraws and leaves the trained race on screen.
QWidget* trainingLabTrain(FigurePanel& panel, ExplorerState& state) {
    QWidget* box = row();
    auto* train = new QPushButton(FigurePanel::tr("&Train"), box);
    train->setObjectName(QStringLiteral("training-lab-train"));
    auto* status = new QLabel(box);
    status->setObjectName(QStringLiteral("training-lab-status"));
    box->layout()->addWidget(train);
    box->layout()->addWidget(status);
    static_cast<QHBoxLayout*>(box->layout())->addStretch(1);
    const QString run = QStringLiteral("run");
    const auto isOn = [&panel, run](const figures::FigureOptions& options) {
        return figures::withDefaults(panel.figure().options(), options).value(run).toBool();
    };
    // The job's inputs with "run" on: what a press of Train trains for these options.
    const auto raceOf = [&panel, &state, run](figures::FigureOptions options) {
        options.insert(run, true);
        try {
            return figures::jobInputs(panel.figure(), state.params(), options);
        } catch (const std::exception&) {
            return QVariantMap(); // refused options: the compose step names the reason
        }
    };
    // The race Train was pressed for. "run" turned on any other way (a restored session) is
    // turned off again: in the explorer only Train starts training.
    auto trained = std::make_shared<QVariantMap>();
    const auto update = [&panel, train, status, isOn, raceOf] {
        const bool on = isOn(panel.options());
        const FigurePanel::JobState job = panel.jobState();
        const figures::JobResult* last = panel.jobResult();
        const bool drawn =
            on && last != nullptr && last->complete && last->inputs == raceOf(panel.options());
        train->setEnabled(!on || job == FigurePanel::JobState::Failed);
        if (!on) {
            status->setText(QString());
            train->setToolTip(FigurePanel::tr("Train the race set by the options above."));
        } else if (drawn) {
            status->setText(FigurePanel::tr("Trained. Change an option to set up another race."));
            train->setToolTip(FigurePanel::tr("The race for these options is drawn."));
        } else if (job == FigurePanel::JobState::Cancelled) {
            status->setText(FigurePanel::tr("Cancelled: Resume trains the rest."));
        } else if (job == FigurePanel::JobState::Failed) {
            status->setText(FigurePanel::tr("Training failed."));
            train->setToolTip(FigurePanel::tr("Try the race again."));
        } else {
            status->setText(FigurePanel::tr("Training…"));
        }
    };
    QObject::connect(train, &QPushButton::clicked, &panel, [&panel, isOn, raceOf, trained, run] {
        if (isOn(panel.options())) {
            panel.resumeJob(); // after a failure
            return;
        }
        *trained = raceOf(panel.options());
        panel.setOption(run, true);
    });
    QObject::connect(&panel, &FigurePanel::optionsChanged, box,
                     [&panel, isOn, raceOf, trained, update, run](const figures::FigureOptions& o) {
                         if (isOn(o) && raceOf(o) != *trained) {
                             panel.setOption(run, QVariant()); // back to "press Train"
                             return; // that change calls update()
                         }
                         update();
                     });
    QObject::connect(&panel, &FigurePanel::jobStateChanged, box, update);
    QObject::connect(&panel, &FigurePanel::rendered, box, update);
    update();
    return box;
}

constexpr Special kSpecials[] = {
    {"heatmap-zoom", &heatmapZoom},
    {"derivation-pages", &derivationPages},
    {"rotation-play", &rotationPlay},
    {"rope-2d-pick", &rope2dPick},
    {"attention-factor", &attentionFactor},
    {"base-bound-landscape", &baseBoundLandscape},
    {"doctor-compare", &doctorCompare},
    {"training-lab-train", &trainingLabTrain},
};

} // namespace

QWidget* buildSpecialControl(std::string_view id, FigurePanel& panel, ExplorerState& state) {
    for (const Special& s : kSpecials) {
        if (s.id == id) {
            return s.build(panel, state);
        }
    }
    Q_ASSERT_X(false, "buildSpecialControl", "unknown special control id");
    return nullptr;
}

} // namespace rope::ui
