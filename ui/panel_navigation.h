// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <vector>

class QLineEdit;
class QStackedWidget;
class QTreeWidget;

namespace rope::ui {

class FigurePanel;

/// \brief The "Panels" sidebar: a search field (objectName "navigation-filter") above a tree
/// (objectName "navigation") of the panels grouped by topic (Figure::group, in kTopics order,
/// unknown topics after them under their id). Choosing an entry shows its page; the entry
/// follows the page shown by any other means. Enter opens the first panel the search leaves,
/// Escape clears the search.
class PanelNavigation : public QWidget {
    Q_OBJECT

public:
    /// \p panels are the pages of \p pages, in the same order.
    PanelNavigation(const std::vector<FigurePanel*>& panels, QStackedWidget& pages,
                    QWidget* parent = nullptr);

    QLineEdit* filter() const { return m_filter; }
    QTreeWidget* tree() const { return m_tree; }
    /// \brief Hides the entries whose title, id and topic do not contain \p text.
    void filterPanels(const QString& text);
    /// \brief Moves \p delta panels along the sidebar order (wrapping), skipping hidden entries.
    void stepPanel(int delta);

private:
    void selectPage(int pageIndex);

    QStackedWidget& m_pages;
    QLineEdit* m_filter;
    QTreeWidget* m_tree;
};

} // namespace rope::ui
