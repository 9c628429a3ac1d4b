// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>

#include <vector>

class QWidget;

namespace rope::ui {

/// \brief One keyboard shortcut as Help ▸ Keyboard Shortcuts lists it.
struct ShortcutEntry {
    QString where;  ///< menu path ("File ▸ Open session…") or the widget's accessible name
    QString action; ///< what it does, without mnemonic ampersands
    QString keys;   ///< the key sequences in the platform's notation, ", "-separated
};

/// \brief Every shortcut that exists in \p root's window now: the QActions of its menu bar
/// (menus walked recursively, so an action added later is listed with no edit here) and of
/// its widgets, and every QShortcut object below it. Sorted by menu order, then QShortcuts.
std::vector<ShortcutEntry> collectShortcuts(QWidget* root);

/// \brief Help ▸ Keyboard Shortcuts (objectName "shortcuts-dialog"): collectShortcuts() of
/// \p window in a read-only table (objectName "shortcuts").
class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(QWidget* window);
};

} // namespace rope::ui
