// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "attention": one toy attention head over "the dog chased another dog" with no position
// information, a sinusoidal encoding added to the embeddings, or RoPE on q and k.
#include "core/attention.h"
#include "core/scaling/scaling_registry.h"
#include "ui/explorer_state.h"
#include "ui/figures/figure_registry.h"
#include "ui/panels/figure_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

#include <cmath>

namespace rope::ui {

namespace {

// Length of the repeated-token sequence whose score matrix is tested for Toeplitz structure.
constexpr int kToeplitzLength = 16;

QString encodingName(rope::AttentionEncoding e) {
    switch (e) {
    case rope::AttentionEncoding::None:
        return QStringLiteral("no position encoding");
    case rope::AttentionEncoding::Sinusoidal:
        return QStringLiteral("sinusoidal PE added to x");
    case rope::AttentionEncoding::Rope:
        break;
    }
    return QStringLiteral("RoPE on q and k");
}

} // namespace

FigureData attentionFigure(const rope::RopeParams& params, const FigureOptions& options) {
    rope::ToyAttentionParams toy;
    toy.base = params.base;
    toy.encoding = rope::parseAttentionEncoding(
        options.value(QStringLiteral("encoding"), QStringLiteral("rope")).toString().toStdString());
    // Default: the attention factor of the current scaling method (YaRN's 0.1·ln s + 1, …);
    // the "factor" option overrides it.
    const QVariant factor = options.value(QStringLiteral("factor"));
    toy.attentionFactor =
        factor.isValid() ? factor.toDouble() : rope::scaledFrequencies(params).attentionFactor;
    const rope::ToyAttention result = rope::toyAttention(toy);
    const bool weights =
        options.value(QStringLiteral("view"), QStringLiteral("scores")).toString() ==
        QLatin1String("weights");
    const Eigen::MatrixXd& m = weights ? result.attention.weights : result.attention.scores;

    // Tokens name the ticks ("1 dog"): rows and columns read as the sentence.
    std::vector<Tick> tokens;
    for (std::size_t t = 0; t < toy.tokens.size(); ++t) {
        tokens.push_back({static_cast<double>(t),
                          QStringLiteral("%1 %2").arg(t).arg(QString::fromStdString(toy.tokens[t]))});
    }
    FigureData data;
    data.title =
        QStringLiteral("%1, %2")
            .arg(weights ? QStringLiteral("Softmax weights") : QStringLiteral("Scores QKᵀ/√d"))
            .arg(encodingName(toy.encoding));
    data.xLabel = QStringLiteral("key token");
    data.yLabel = QStringLiteral("query token");
    data.xTicks = tokens;
    data.yTicks = tokens;
    ColourMap map;
    map.columns = static_cast<int>(m.cols());
    map.rows = static_cast<int>(m.rows());
    map.xFirst = 0;
    map.xLast = map.columns - 1;
    map.yFirst = 0;
    map.yLast = map.rows - 1;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            map.values.push_back(m(r, c));
        }
    }
    if (weights) {
        map.zMin = 0;
        map.zMax = 1;
        map.diverging = false;
        map.label = QStringLiteral("attention weight (rows sum to 1)");
    } else {
        const double extent = std::max(m.cwiseAbs().maxCoeff(), 1e-12);
        map.zMin = -extent;
        map.zMax = extent;
        map.label = QStringLiteral("score qᵀk/√d");
    }
    data.colourMap = std::move(map);

    const std::pair<Eigen::Index, Eigen::Index> repeated = rope::firstRepeatedTokenPair(toy.tokens);
    for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
        rope::ToyAttentionParams p = toy;
        p.encoding = e;
        data.readouts.push_back({QStringLiteral("max |out(%1) − out(%2)|, %3")
                                     .arg(repeated.first)
                                     .arg(repeated.second)
                                     .arg(encodingName(e)),
                                 rope::repeatedTokenOutputDifference(p), QString()});
    }
    data.readouts.push_back({QStringLiteral("Toeplitz residual, “%1” ×%2")
                                 .arg(QString::fromStdString(toy.tokens.front()))
                                 .arg(kToeplitzLength),
                             rope::repeatedTokenToeplitzResidual(toy, kToeplitzLength), QString()});
    data.readouts.push_back(
        {QStringLiteral("attention factor a (scores × a²)"), toy.attentionFactor, QString()});
    data.xRange = {{-0.5, map.columns - 0.5}};
    data.yRange = {{-0.5, data.colourMap->rows - 0.5}};
    data.yReversed = true;
    return data;
}

QWidget* makeAttentionControls(FigurePanel& panel, ExplorerState& state) {
    auto* box = new QWidget;
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* encoding = new QComboBox(box);
    encoding->setObjectName(QStringLiteral("encoding"));
    for (rope::AttentionEncoding e : rope::allAttentionEncodings()) {
        encoding->addItem(encodingName(e), QString::fromLatin1(rope::attentionEncodingId(e)));
    }
    encoding->setCurrentIndex(encoding->count() - 1);
    auto* encodingLabel = new QLabel(QStringLiteral("&Encoding:"), box);
    encodingLabel->setBuddy(encoding);
    auto* view = new QComboBox(box);
    view->setObjectName(QStringLiteral("view"));
    view->addItem(QStringLiteral("scores QKᵀ/√d"), QStringLiteral("scores"));
    view->addItem(QStringLiteral("softmax weights"), QStringLiteral("weights"));
    auto* override = new QCheckBox(QStringLiteral("&Attention factor:"), box);
    override->setObjectName(QStringLiteral("override-factor"));
    override->setToolTip(QStringLiteral("Unchecked: the factor of the current scaling method."));
    auto* factor = new QDoubleSpinBox(box);
    factor->setObjectName(QStringLiteral("factor"));
    factor->setRange(0.05, 10.0);
    factor->setSingleStep(0.05);
    factor->setDecimals(3);
    factor->setValue(rope::scaledFrequencies(state.params()).attentionFactor);
    factor->setEnabled(false);
    factor->setToolTip(QStringLiteral("q and k are multiplied by a, so every score by a² (an "
                                      "inverse softmax temperature)."));
    layout->addWidget(encodingLabel);
    layout->addWidget(encoding);
    layout->addWidget(view);
    layout->addWidget(override);
    layout->addWidget(factor);
    layout->addStretch(1);
    for (QComboBox* c : {encoding, view}) {
        QObject::connect(c, &QComboBox::currentIndexChanged, &panel,
                         [&panel, c] { panel.setOption(c->objectName(), c->currentData()); });
    }
    const auto apply = [&panel, override, factor] {
        factor->setEnabled(override->isChecked());
        panel.setOption(QStringLiteral("factor"),
                        override->isChecked() ? QVariant(factor->value()) : QVariant());
    };
    QObject::connect(override, &QCheckBox::toggled, &panel, apply);
    QObject::connect(factor, &QDoubleSpinBox::valueChanged, &panel, apply);
    // Restored options: the check box follows whether "factor" is set (the panel has already
    // put a set factor into the spin box).
    QObject::connect(&panel, &FigurePanel::optionsChanged, factor,
                     [factor, override, &state](const FigureOptions& options) {
                         const bool on = options.contains(QStringLiteral("factor"));
                         const QSignalBlocker blockOverride(override);
                         const QSignalBlocker blockFactor(factor);
                         override->setChecked(on);
                         factor->setEnabled(on);
                         if (!on) {
                             factor->setValue(
                                 rope::scaledFrequencies(state.params()).attentionFactor);
                         }
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

} // namespace rope::ui
