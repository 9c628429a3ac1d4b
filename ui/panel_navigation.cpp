// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/panel_navigation.h"

#include "figures/figure_registry.h"
#include "ui/panels/figure_panel.h"

#include <QCoreApplication>
#include <QLineEdit>
#include <QShortcut>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QVBoxLayout>

#include <algorithm>
#include <string_view>

namespace rope::ui {

namespace {
// Sidebar topics in display order; a group missing here is shown after them under its id.
struct Topic {
    const char* id;
    const char* label;
};
const Topic kTopics[] = {
    {"foundations", QT_TRANSLATE_NOOP("rope::ui::PanelNavigation", "Foundations")},
    {"long-context", QT_TRANSLATE_NOOP("rope::ui::PanelNavigation", "Long context")},
    {"engineering", QT_TRANSLATE_NOOP("rope::ui::PanelNavigation", "Engineering")},
    {"models", QT_TRANSLATE_NOOP("rope::ui::PanelNavigation", "Models")},
    {"evidence", QT_TRANSLATE_NOOP("rope::ui::PanelNavigation", "Evidence")},
};

// Tree items carry their page index (panels) or -1 (topics).
constexpr int kPageRole = Qt::UserRole;
} // namespace

PanelNavigation::PanelNavigation(const std::vector<FigurePanel*>& panels, QStackedWidget& pages,
                                 QWidget* parent)
    : QWidget(parent), m_pages(pages), m_filter(new QLineEdit(this)),
      m_tree(new QTreeWidget(this)) {
    m_filter->setObjectName(QStringLiteral("navigation-filter"));
    m_filter->setPlaceholderText(tr("Search panels (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Search panels"));
    m_tree->setObjectName(QStringLiteral("navigation"));
    m_tree->setAccessibleName(tr("Panels"));
    m_tree->setHeaderHidden(true);
    m_tree->setRootIsDecorated(false);
    m_tree->setIndentation(12);
    m_tree->setUniformRowHeights(true);

    std::vector<std::string_view> groups;
    for (const Topic& topic : kTopics) {
        groups.emplace_back(topic.id);
    }
    for (const figures::Figure& f : figures::allFigures()) {
        if (std::find(groups.begin(), groups.end(), f.group) == groups.end()) {
            groups.push_back(f.group);
        }
    }
    for (std::string_view group : groups) {
        QTreeWidgetItem* topic = nullptr;
        for (std::size_t k = 0; k < panels.size(); ++k) {
            const figures::Figure& f = panels[k]->figure();
            if (f.group != group) {
                continue;
            }
            if (topic == nullptr) {
                const QString id = QString::fromLatin1(group.data(), qsizetype(group.size()));
                QString label = id;
                for (const Topic& t : kTopics) {
                    if (group == t.id) {
                        label = tr(t.label);
                    }
                }
                topic = new QTreeWidgetItem(m_tree, {label});
                topic->setData(0, kPageRole, -1);
                topic->setData(0, Qt::UserRole + 1, id);
                topic->setFlags(Qt::ItemIsEnabled);
                QFont bold = topic->font(0);
                bold.setBold(true);
                topic->setFont(0, bold);
            }
            auto* item =
                new QTreeWidgetItem(topic, {QCoreApplication::translate("Figures", f.title)});
            item->setData(0, kPageRole, static_cast<int>(k));
            item->setToolTip(0, figures::figureId(f));
        }
    }
    m_tree->expandAll();
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (item != nullptr && item->data(0, kPageRole).toInt() >= 0) {
            m_pages.setCurrentIndex(item->data(0, kPageRole).toInt());
        }
    });
    connect(m_filter, &QLineEdit::textChanged, this, &PanelNavigation::filterPanels);
    // Enter opens the first panel the search leaves; Escape clears the search.
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        for (QTreeWidgetItemIterator it(m_tree); *it != nullptr; ++it) {
            if (!(*it)->isHidden() && (*it)->data(0, kPageRole).toInt() >= 0) {
                m_pages.setCurrentIndex((*it)->data(0, kPageRole).toInt());
                m_tree->setFocus();
                return;
            }
        }
    });
    auto* clear = new QShortcut(QKeySequence(Qt::Key_Escape), m_filter);
    clear->setContext(Qt::WidgetShortcut);
    clear->setWhatsThis(tr("Clear the search"));
    connect(clear, &QShortcut::activated, m_filter, &QLineEdit::clear);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree);

    connect(&m_pages, &QStackedWidget::currentChanged, this, &PanelNavigation::selectPage);
    selectPage(m_pages.currentIndex());
}

void PanelNavigation::filterPanels(const QString& text) {
    const QString needle = text.trimmed();
    for (int t = 0; t < m_tree->topLevelItemCount(); ++t) {
        QTreeWidgetItem* topic = m_tree->topLevelItem(t);
        const bool topicMatches =
            topic->text(0).contains(needle, Qt::CaseInsensitive) ||
            topic->data(0, Qt::UserRole + 1).toString().contains(needle, Qt::CaseInsensitive);
        bool any = false;
        for (int k = 0; k < topic->childCount(); ++k) {
            QTreeWidgetItem* item = topic->child(k);
            const bool match = needle.isEmpty() || topicMatches ||
                               item->text(0).contains(needle, Qt::CaseInsensitive) ||
                               item->toolTip(0).contains(needle, Qt::CaseInsensitive);
            item->setHidden(!match);
            any = any || match;
        }
        topic->setHidden(!any);
    }
}

void PanelNavigation::stepPanel(int delta) {
    std::vector<int> order;
    for (QTreeWidgetItemIterator it(m_tree); *it != nullptr; ++it) {
        const int page = (*it)->data(0, kPageRole).toInt();
        if (page >= 0 && !(*it)->isHidden()) {
            order.push_back(page);
        }
    }
    if (order.empty()) {
        return;
    }
    const auto here = std::find(order.begin(), order.end(), m_pages.currentIndex());
    const int n = static_cast<int>(order.size());
    const int at =
        here == order.end() ? (delta > 0 ? -1 : 0) : static_cast<int>(here - order.begin());
    m_pages.setCurrentIndex(order[std::size_t(((at + delta) % n + n) % n)]);
}

void PanelNavigation::selectPage(int pageIndex) {
    for (QTreeWidgetItemIterator it(m_tree); *it != nullptr; ++it) {
        if ((*it)->data(0, kPageRole).toInt() == pageIndex) {
            if (m_tree->currentItem() != *it) {
                const QSignalBlocker block(m_tree);
                m_tree->setCurrentItem(*it);
            }
            return;
        }
    }
}

} // namespace rope::ui
