// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/layer_strip.h"

#include "io/model_config.h"
#include "io/params_check.h"
#include "ui/explorer_state.h"
#include "ui/job_runner.h"
#include "ui/render/draw_figure.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>

#include <algorithm>
#include <functional>
#include <tuple>

namespace rope::ui {

namespace {

constexpr int kCellWidth = 16;
constexpr int kCellHeight = 30;

auto ropeKey(const LayerRope& l) {
    const rope::RopeParams& p = l.params;
    return std::tie(p.headDim, p.rotaryDim, p.base, p.scaling.method, p.scaling.factor,
                    p.scaling.originalContext);
}

} // namespace

bool sameLayerRope(const LayerRope& a, const LayerRope& b) {
    if (a.rope != b.rope) {
        return false;
    }
    return !a.rope || ropeKey(a) == ropeKey(b);
}

namespace {

// Layers whose checks are equal by construction: layerBaseChecks() gives every layer without
// RoPE the same check, every unbounded layer too, and keys its Σcos scans by (span, θ') and its
// b* by (span, rotary dim). Grouping by the same keys scans each kind once here too, so a
// partial result covers every layer of the kind.
bool sameCheck(const LayerRope& a, const LayerFrequencies& fa, const LayerRope& b,
               const LayerFrequencies& fb) {
    const bool aRotates = a.rope && fa.invFreq.size() > 0;
    const bool bRotates = b.rope && fb.invFreq.size() > 0;
    if (!aRotates || !bRotates) {
        return aRotates == bRotates;
    }
    if (a.maxDistance < 0 || b.maxDistance < 0) {
        return (a.maxDistance < 0) == (b.maxDistance < 0);
    }
    return a.maxDistance == b.maxDistance && fa.rotaryDim == fb.rotaryDim &&
           fa.invFreq.size() == fb.invFreq.size() &&
           std::equal(fa.invFreq.data(), fa.invFreq.data() + fa.invFreq.size(), fb.invFreq.data());
}

} // namespace

LayerStrip::LayerStrip(ExplorerState& state, QWidget* parent)
    : QWidget(parent), m_state(state), m_caption(new QLabel(this)), m_legend(new QLabel(this)),
      m_cells(new QHBoxLayout), m_group(new QButtonGroup(this)) {
    setObjectName(QStringLiteral("layer-strip"));
    m_group->setExclusive(true);
    auto* cellHost = new QWidget;
    m_cells->setContentsMargins(0, 0, 0, 0);
    m_cells->setSpacing(1);
    cellHost->setLayout(m_cells);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(cellHost);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setFixedHeight(kCellHeight + 18); // room for a horizontal scroll bar
    scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(m_caption);
    layout->addWidget(scroll, 1);
    m_legend->setObjectName(QStringLiteral("layer-strip-legend"));
    m_legend->setText(tr("F full · S sliding · C chunked · L linear\n"
                         "✓ Σcos ≥ 0 over the span · ✗ Σcos < 0 within it · – no RoPE"));
    m_legend->setToolTip(tr("Letter: how far the layer's attention reaches (full context, "
                            "sliding window, chunk, or linear attention without RoPE). Mark: "
                            "whether Σᵢ cos(m·θ'ᵢ) stays ≥ 0 at every distance m the layer can "
                            "attend, with the layer's own frequencies."));
    layout->addWidget(m_legend);
    connect(m_group, &QButtonGroup::idClicked, this, &LayerStrip::selectLayer);
    m_checkRunner = new JobRunner(this);
    connect(m_checkRunner, &JobRunner::failed, this, [this](const QString& reason) {
        // Such a layer's parameters are refused with core's reason when it is chosen; until
        // then the cells say "no verdict" and the caption's tooltip says why.
        m_checks.clear();
        m_arrived.clear();
        m_checksPending = false;
        m_caption->setToolTip(tr("The Σcos check of the layers failed: %1").arg(reason));
        showChecks();
        emit checksReady();
    });
    hide();
}

int LayerStrip::kindOf(int index) const {
    if (index < 0 || index >= static_cast<int>(m_kinds.size())) {
        return -1;
    }
    return m_kinds[static_cast<std::size_t>(index)];
}

int LayerStrip::otherKindLayer(int index) const {
    const int kind = kindOf(index);
    for (int i = 0; i < static_cast<int>(m_kinds.size()); ++i) {
        if (m_kinds[static_cast<std::size_t>(i)] >= 0 &&
            m_kinds[static_cast<std::size_t>(i)] != kind) {
            return i;
        }
    }
    return -1;
}

const LayerBaseCheck* LayerStrip::check(int index) const {
    if (index < 0 || index >= static_cast<int>(m_checks.size()) ||
        !m_arrived[static_cast<std::size_t>(index)]) {
        return nullptr;
    }
    return &m_checks[static_cast<std::size_t>(index)];
}

QString LayerStrip::cellText(int index) const {
    if (index < 0 || index >= static_cast<int>(m_layers.size())) {
        return {};
    }
    const LayerRope& l = m_layers[static_cast<std::size_t>(index)];
    QString letter;
    switch (l.attention) {
    case AttentionKind::Full:
        letter = tr("F", "layer strip: full attention");
        break;
    case AttentionKind::Sliding:
        letter = tr("S", "layer strip: sliding-window attention");
        break;
    case AttentionKind::Chunked:
        letter = tr("C", "layer strip: chunked attention");
        break;
    case AttentionKind::Linear:
        letter = tr("L", "layer strip: linear attention");
        break;
    }
    const LayerBaseCheck* c = check(index);
    const QString mark = c == nullptr && m_checksPending ? QStringLiteral("…")
                         : c == nullptr || !c->checked   ? QStringLiteral("–")
                         : c->firstNegativeSumCos        ? QStringLiteral("✗")
                                                         : QStringLiteral("✓");
    return letter + QLatin1Char('\n') + mark;
}

QString LayerStrip::describe(int index) const {
    if (index < 0 || index >= static_cast<int>(m_layers.size())) {
        return {};
    }
    const LayerRope& l = m_layers[static_cast<std::size_t>(index)];
    const QString type = QString::fromStdString(l.type);
    QString span;
    switch (l.attention) {
    case AttentionKind::Full:
        span = l.maxDistance >= 0 ? tr("full attention up to distance %1").arg(l.maxDistance)
                                  : tr("full attention");
        break;
    case AttentionKind::Sliding:
        span = tr("sliding window %1 tokens (distances up to %2)").arg(l.window).arg(l.maxDistance);
        break;
    case AttentionKind::Chunked:
        span = tr("chunks of %1 tokens (distances up to %2)").arg(l.window).arg(l.maxDistance);
        break;
    case AttentionKind::Linear:
        span = tr("linear attention, no positional span");
        break;
    }
    if (!l.rope) {
        return tr("layer %1: %2, no RoPE (NoPE); %3").arg(index).arg(type, span);
    }
    const rope::RopeParams& p = l.params;
    QString text = tr("layer %1: %2, b = %3, rotary dim %4")
                       .arg(index)
                       .arg(type)
                       .arg(p.base, 0, 'g', 6)
                       .arg(p.effectiveRotaryDim());
    if (p.scaling.method != ScalingKind::Default) {
        text += tr(", %1 ×%2")
                    .arg(io::scalingIdText(p.scaling.method))
                    .arg(p.scaling.factor, 0, 'g', 4);
    }
    text += QStringLiteral("; ") + span;
    if (const LayerBaseCheck* c = check(index); c != nullptr && c->checked) {
        text += c->firstNegativeSumCos ? tr(": Σcos < 0 first at distance %1, inside the span")
                                             .arg(*c->firstNegativeSumCos)
                                       : tr(": Σcos ≥ 0 at every distance of the span");
    } else if (m_checksPending) {
        text += tr(": Σcos check running…");
    }
    return text;
}

void LayerStrip::setLayers(const std::vector<LayerRope>& layers) {
    m_layers = layers;
    m_kinds.assign(layers.size(), -1);
    std::vector<const LayerRope*> kinds;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        if (!layers[i].rope) {
            continue;
        }
        std::size_t k = 0;
        while (k < kinds.size() && !sameLayerRope(*kinds[k], layers[i])) {
            ++k;
        }
        if (k == kinds.size()) {
            kinds.push_back(&layers[i]);
        }
        m_kinds[i] = static_cast<int>(k);
    }
    const bool anyNope = std::find(m_kinds.begin(), m_kinds.end(), -1) != m_kinds.end();
    const bool spansDiffer = std::any_of(layers.begin(), layers.end(), [&](const LayerRope& l) {
        return l.attention != layers.front().attention || l.window != layers.front().window;
    });
    m_mixed = kinds.size() > 1 || (anyNope && !layers.empty()) || spansDiffer;
    m_checks.assign(layers.size(), LayerBaseCheck{});
    m_arrived.assign(layers.size(), false);
    m_caption->setToolTip(QString());
    m_checksPending = m_mixed;
    if (m_mixed) {
        startChecks();
    } else {
        m_checkRunner->cancel(); // a hidden strip shows no verdict
    }

    for (QAbstractButton* b : m_group->buttons()) {
        m_group->removeButton(b);
        delete b;
    }
    while (QLayoutItem* item = m_cells->takeAt(0)) {
        delete item;
    }
    if (!m_mixed) {
        hide();
        m_state.setLayer(-1, true);
        return;
    }
    m_caption->setText(tr("Layer (%1):").arg(layers.size()));
    for (int i = 0; i < static_cast<int>(layers.size()); ++i) {
        auto* cell = new QToolButton;
        cell->setObjectName(QStringLiteral("layer-%1").arg(i));
        cell->setCheckable(true);
        cell->setFixedSize(kCellWidth, kCellHeight);
        cell->setToolTip(describe(i));
        cell->setAccessibleName(describe(i));
        cell->setText(cellText(i));
        const int kind = m_kinds[static_cast<std::size_t>(i)];
        const QColor colour = kind < 0 ? QColor(0xb0, 0xb0, 0xb0) : paletteColour(kind + 1);
        // The chosen cell gets a dark frame; colour alone must not carry the selection.
        // Text contrasting with the fill (relative luminance 0.2126 R + 0.7152 G + 0.0722 B),
        // the same in light and dark themes since the fill does not change.
        const double luminance =
            0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF();
        cell->setStyleSheet(
            QStringLiteral("QToolButton { background: %1; border: 1px solid %2; "
                           "color: %3; font-size: 8pt; padding: 0px; }"
                           "QToolButton:checked { border: 3px solid #202020; }")
                .arg(colour.name(), colour.darker(130).name(),
                     luminance < 0.45 ? QStringLiteral("#ffffff") : QStringLiteral("#101010")));
        m_group->addButton(cell, i);
        m_cells->addWidget(cell);
    }
    m_cells->addStretch(1);
    show();
    // Start on the layer the window was opened with (the importer's full-attention entry).
    int first = 0;
    for (int i = 0; i < static_cast<int>(layers.size()); ++i) {
        const LayerRope& l = layers[static_cast<std::size_t>(i)];
        const rope::RopeParams& p = m_state.params();
        if (l.rope &&
            std::tie(l.params.headDim, l.params.rotaryDim, l.params.base, l.params.scaling.method,
                     l.params.scaling.factor) ==
                std::tie(p.headDim, p.rotaryDim, p.base, p.scaling.method, p.scaling.factor)) {
            first = i;
            break;
        }
    }
    selectLayer(first);
}

void LayerStrip::startChecks() {
    const std::vector<LayerRope> layers = m_layers;
    // `this` is used only in the closures the runner calls on the GUI thread, and the runner is
    // the strip's child: it drops them once the strip is gone or a newer setLayers() started.
    m_checkRunner->start([this, layers](const RunControl& control) -> std::function<void()> {
        const std::vector<LayerFrequencies> frequencies = layerFrequencies(layers);
        std::vector<std::vector<std::size_t>> groups;
        for (std::size_t i = 0; i < layers.size(); ++i) {
            auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& members) {
                const std::size_t r = members.front();
                return sameCheck(layers[r], frequencies[r], layers[i], frequencies[i]);
            });
            if (g == groups.end()) {
                groups.push_back({i});
            } else {
                g->push_back(i);
            }
        }
        // Only the Σcos verdict is shown here; b* (a sweep per distinct L and d) is left to
        // rope-cli layers, so the cap 0 skips it.
        LayerBaseCheckOptions options;
        options.minBaseWorkCap = 0.0;
        const int total = static_cast<int>(groups.size());
        for (int g = 0; g < total; ++g) {
            if (control.cancelled()) {
                return {};
            }
            const std::size_t r = groups[static_cast<std::size_t>(g)].front();
            const LayerBaseCheck check =
                layerBaseChecks({layers[r]}, {frequencies[r]}, options).front();
            control.deliver([this, members = groups[static_cast<std::size_t>(g)], check, g, total] {
                for (const std::size_t i : members) {
                    m_checks[i] = check;
                    m_arrived[i] = true;
                }
                showChecks();
                emit checksUpdated(g + 1, total);
            });
            control.progress(static_cast<double>(g + 1) / total);
        }
        return [this] {
            m_checksPending = false;
            showChecks();
            emit checksReady();
        };
    });
}

void LayerStrip::showChecks() {
    for (int i = 0; i < static_cast<int>(m_layers.size()); ++i) {
        if (QAbstractButton* cell = m_group->button(i)) {
            cell->setText(cellText(i));
            cell->setToolTip(describe(i));
            cell->setAccessibleName(describe(i));
        }
    }
}

bool LayerStrip::selectLayer(int index) {
    if (index < 0 || index >= static_cast<int>(m_layers.size())) {
        return false;
    }
    const LayerRope& layer = m_layers[static_cast<std::size_t>(index)];
    if (layer.rope && !m_state.setParams(io::withModelParams(m_state.params(), layer.params))) {
        return false; // the state has emitted rejected() with core's reason
    }
    if (QAbstractButton* cell = m_group->button(index)) {
        cell->setChecked(true);
    }
    m_state.setLayer(index, layer.rope);
    emit layerSelected(index);
    return true;
}

} // namespace rope::ui
