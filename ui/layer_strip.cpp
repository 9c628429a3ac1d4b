// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/layer_strip.h"

#include "io/model_config.h"
#include "ui/explorer_state.h"
#include "ui/render/draw_figure.h"

#include <QButtonGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QToolButton>

#include <algorithm>
#include <tuple>

namespace rope::ui {

namespace {

constexpr int kCellWidth = 14;
constexpr int kCellHeight = 22;

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

LayerStrip::LayerStrip(ExplorerState& state, QWidget* parent)
    : QWidget(parent), m_state(state), m_caption(new QLabel(this)), m_cells(new QHBoxLayout),
      m_group(new QButtonGroup(this)) {
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
    connect(m_group, &QButtonGroup::idClicked, this, &LayerStrip::selectLayer);
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

QString LayerStrip::describe(int index) const {
    if (index < 0 || index >= static_cast<int>(m_layers.size())) {
        return {};
    }
    const LayerRope& l = m_layers[static_cast<std::size_t>(index)];
    const QString type = QString::fromStdString(l.type);
    if (!l.rope) {
        return tr("layer %1: %2, no RoPE (NoPE)").arg(index).arg(type);
    }
    const rope::RopeParams& p = l.params;
    QString text = tr("layer %1: %2, b = %3, rotary dim %4")
                       .arg(index)
                       .arg(type)
                       .arg(p.base, 0, 'g', 6)
                       .arg(p.effectiveRotaryDim());
    if (p.scaling.method != "default") {
        text += tr(", %1 ×%2")
                    .arg(QString::fromStdString(p.scaling.method))
                    .arg(p.scaling.factor, 0, 'g', 4);
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
    m_mixed = kinds.size() > 1 || (anyNope && !layers.empty());

    for (QAbstractButton* b : m_group->buttons()) {
        m_group->removeButton(b);
        delete b;
    }
    while (QLayoutItem* item = m_cells->takeAt(0)) {
        delete item;
    }
    m_current = -1;
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
        const int kind = m_kinds[static_cast<std::size_t>(i)];
        const QColor colour = kind < 0 ? QColor(0xb0, 0xb0, 0xb0) : paletteColour(kind + 1);
        // The chosen cell gets a dark frame; colour alone must not carry the selection.
        cell->setStyleSheet(QStringLiteral("QToolButton { background: %1; border: 1px solid %2; }"
                                           "QToolButton:checked { border: 3px solid #202020; }")
                                .arg(colour.name(), colour.darker(130).name()));
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

bool LayerStrip::selectLayer(int index) {
    if (index < 0 || index >= static_cast<int>(m_layers.size())) {
        return false;
    }
    const LayerRope& layer = m_layers[static_cast<std::size_t>(index)];
    if (layer.rope && !m_state.setParams(withModelParams(m_state.params(), layer.params))) {
        return false; // the state has emitted rejected() with core's reason
    }
    m_current = index;
    if (QAbstractButton* cell = m_group->button(index)) {
        cell->setChecked(true);
    }
    m_state.setLayer(index, layer.rope);
    emit layerSelected(index);
    return true;
}

} // namespace rope::ui
