// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLayout>
#include <QList>

namespace rope::ui {

/// \brief Lays its items out left to right and starts a new line when the next one does not
/// fit, like words in a paragraph. A panel's option row in one line is as wide as all its
/// controls together (over 1000 px for some panels in Chinese), which would set the minimum
/// width of the whole window; wrapped, it needs only its widest item.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr);
    ~FlowLayout() override;
    FlowLayout(const FlowLayout&) = delete;
    FlowLayout& operator=(const FlowLayout&) = delete;

    void addItem(QLayoutItem* item) override;
    int count() const override;
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    void setGeometry(const QRect& rect) override;
    /// All items on one line.
    QSize sizeHint() const override;
    /// The widest item (and the tallest), plus the margins.
    QSize minimumSize() const override;

private:
    /// Places the items in \p rect (when \p apply) and returns the height they take.
    int arrange(const QRect& rect, bool apply) const;

    QList<QLayoutItem*> m_items;
};

} // namespace rope::ui
