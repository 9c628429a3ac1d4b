// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rope::ui {

namespace {

QString plain(QString text) {
    // "&Open session…" → "Open session…"; "&&" is a literal ampersand.
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

QString keysText(const QList<QKeySequence>& keys) {
    QStringList parts;
    for (const QKeySequence& k : keys) {
        if (!k.isEmpty()) {
            parts << k.toString(QKeySequence::NativeText);
        }
    }
    return parts.join(QStringLiteral(", "));
}

void walkMenu(QMenu* menu, const QString& path, std::vector<ShortcutEntry>& out,
              QSet<const QAction*>& seen) {
    for (QAction* action : menu->actions()) {
        if (action->isSeparator()) {
            continue;
        }
        seen.insert(action);
        if (QMenu* sub = action->menu()) {
            walkMenu(sub, path + QStringLiteral(" ▸ ") + plain(sub->title()), out, seen);
            continue;
        }
        const QString keys = keysText(action->shortcuts());
        if (!keys.isEmpty()) {
            out.push_back({path, plain(action->text()), keys});
        }
    }
}

} // namespace

std::vector<ShortcutEntry> collectShortcuts(QWidget* root) {
    std::vector<ShortcutEntry> out;
    QSet<const QAction*> seen;
    if (auto* window = qobject_cast<QMainWindow*>(root)) {
        for (QAction* top : window->menuBar()->actions()) {
            if (QMenu* menu = top->menu()) {
                seen.insert(top);
                walkMenu(menu, plain(menu->title()), out, seen);
            }
        }
    }
    // Actions outside the menus (added to a widget for its shortcut alone).
    for (QAction* action : root->findChildren<QAction*>()) {
        if (seen.contains(action) || action->menu() != nullptr) {
            continue;
        }
        const QString keys = keysText(action->shortcuts());
        if (!keys.isEmpty()) {
            const auto* owner = qobject_cast<QWidget*>(action->parent());
            out.push_back({owner != nullptr ? owner->accessibleName() : QString(),
                           plain(action->text()), keys});
        }
    }
    for (QShortcut* shortcut : root->findChildren<QShortcut*>()) {
        const QString keys = keysText(shortcut->keys());
        if (keys.isEmpty()) {
            continue;
        }
        const auto* owner = qobject_cast<QWidget*>(shortcut->parent());
        // A QShortcut has no text: its whatsThis says what it does.
        out.push_back(
            {owner != nullptr ? owner->accessibleName() : QString(), shortcut->whatsThis(), keys});
    }
    return out;
}

ShortcutsDialog::ShortcutsDialog(QWidget* window) : QDialog(window) {
    setObjectName(QStringLiteral("shortcuts-dialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    const std::vector<ShortcutEntry> entries = collectShortcuts(window);
    auto* table = new QTableWidget(static_cast<int>(entries.size()), 3, this);
    table->setObjectName(QStringLiteral("shortcuts"));
    table->setAccessibleName(tr("Keyboard shortcuts"));
    table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Where")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    for (int row = 0; row < table->rowCount(); ++row) {
        const ShortcutEntry& e = entries[std::size_t(row)];
        table->setItem(row, 0, new QTableWidgetItem(e.keys));
        table->setItem(row, 1, new QTableWidgetItem(e.action));
        table->setItem(row, 2, new QTableWidgetItem(e.where));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table);
    layout->addWidget(buttons);
    resize(640, 520);
}

} // namespace rope::ui
