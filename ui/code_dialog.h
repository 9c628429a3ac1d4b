// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/rope_params.h"

#include <QDialog>

namespace rope::ui {

/// \brief Edit ▸ Show code…: the NumPy and PyTorch snippets (io/code_export.h) for \p params in
/// two read-only tabs (objectNames from codeLanguageId()), with a Copy button (objectName
/// "copy") for the tab shown. Non-modal, objectName "code-dialog".
class CodeDialog : public QDialog {
    Q_OBJECT

public:
    explicit CodeDialog(const rope::RopeParams& params, QWidget* parent = nullptr);

signals:
    /// The shown tab's code went to the clipboard; \p message says which.
    void copied(const QString& message);
};

} // namespace rope::ui
