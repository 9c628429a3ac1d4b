// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panels/flow_layout.h"

#include <QWidget>

#include <algorithm>

namespace rope::ui {

FlowLayout::FlowLayout(QWidget* parent) : QLayout(parent) {}

FlowLayout::~FlowLayout() {
    while (QLayoutItem* item = takeAt(0)) {
        delete item;
    }
}

void FlowLayout::addItem(QLayoutItem* item) {
    m_items.append(item);
}

int FlowLayout::count() const {
    return static_cast<int>(m_items.size());
}

QLayoutItem* FlowLayout::itemAt(int index) const {
    return index >= 0 && index < m_items.size() ? m_items.at(index) : nullptr;
}

QLayoutItem* FlowLayout::takeAt(int index) {
    return index >= 0 && index < m_items.size() ? m_items.takeAt(index) : nullptr;
}

Qt::Orientations FlowLayout::expandingDirections() const {
    return {};
}

bool FlowLayout::hasHeightForWidth() const {
    return true;
}

int FlowLayout::heightForWidth(int width) const {
    return arrange(QRect(0, 0, width, 0), false);
}

void FlowLayout::setGeometry(const QRect& rect) {
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

QSize FlowLayout::sizeHint() const {
    int width = 0;
    int height = 0;
    int visible = 0;
    for (const QLayoutItem* item : m_items) {
        if (!item->isEmpty()) {
            width += item->sizeHint().width();
            height = std::max(height, item->sizeHint().height());
            ++visible;
        }
    }
    const QMargins m = contentsMargins();
    return {width + std::max(visible - 1, 0) * spacing() + m.left() + m.right(),
            height + m.top() + m.bottom()};
}

QSize FlowLayout::minimumSize() const {
    QSize size;
    for (const QLayoutItem* item : m_items) {
        if (!item->isEmpty()) {
            size = size.expandedTo(item->minimumSize()).expandedTo(
                QSize(item->sizeHint().width(), 0));
        }
    }
    const QMargins m = contentsMargins();
    return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

int FlowLayout::arrange(const QRect& rect, bool apply) const {
    const QRect area = rect.marginsRemoved(contentsMargins());
    const int gap = std::max(spacing(), 0);
    // Lines first (greedy: as many items as fit), then each item centred in its line's height.
    struct Line {
        qsizetype first = 0;
        qsizetype end = 0;
        int height = 0;
    };
    QList<Line> lines;
    Line line;
    int x = area.x();
    for (qsizetype k = 0; k < m_items.size(); ++k) {
        const QLayoutItem* item = m_items.at(k);
        if (item->isEmpty()) {
            continue;
        }
        const QSize hint = item->sizeHint();
        if (x > area.x() && x + hint.width() > area.right() + 1) {
            line.end = k;
            lines.append(line);
            line = Line{k, k, 0};
            x = area.x();
        }
        x += hint.width() + gap;
        line.height = std::max(line.height, hint.height());
    }
    line.end = m_items.size();
    lines.append(line);

    int y = area.y();
    for (const Line& l : lines) {
        // The width a line leaves over goes to its horizontally expanding items (a text field
        // showing a long list), as a box layout would give it.
        int used = 0;
        int expanding = 0;
        for (qsizetype k = l.first; k < l.end; ++k) {
            const QLayoutItem* item = m_items.at(k);
            if (!item->isEmpty()) {
                used += (used > 0 ? gap : 0) + item->sizeHint().width();
                expanding += (item->expandingDirections() & Qt::Horizontal) ? 1 : 0;
            }
        }
        const int extra = expanding > 0 ? std::max(area.width() - used, 0) / expanding : 0;
        int left = area.x();
        for (qsizetype k = l.first; k < l.end; ++k) {
            QLayoutItem* item = m_items.at(k);
            if (item->isEmpty()) {
                continue;
            }
            const QSize hint = item->sizeHint();
            int width = hint.width() + ((item->expandingDirections() & Qt::Horizontal) ? extra : 0);
            if (apply) {
                // An item never gets more than the line's width (a lone item wider than it).
                item->setGeometry(QRect(left, y + (l.height - hint.height()) / 2,
                                        std::min(width, std::max(area.width(), 0)), hint.height()));
            }
            left += width + gap;
        }
        y += l.height + gap;
    }
    const int used = lines.isEmpty() ? 0 : y - gap - area.y();
    const QMargins m = contentsMargins();
    return used + m.top() + m.bottom();
}

} // namespace rope::ui
