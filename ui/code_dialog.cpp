// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/code_dialog.h"

#include "io/code_export.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace rope::ui {

CodeDialog::CodeDialog(const rope::RopeParams& params, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("code-dialog"));
    setWindowTitle(tr("Code for the current parameters"));
    auto* tabs = new QTabWidget(this);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    for (io::CodeLanguage language : {io::CodeLanguage::NumPy, io::CodeLanguage::PyTorch}) {
        auto* text = new QPlainTextEdit(this);
        text->setObjectName(io::codeLanguageId(language));
        text->setReadOnly(true);
        text->setFont(mono);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        try {
            text->setPlainText(io::codeSnippet(language, params));
        } catch (const rope::InvalidParameter& e) {
            text->setPlainText(tr("# No code: %1").arg(QString::fromUtf8(e.what())));
        }
        tabs->addTab(text, language == io::CodeLanguage::NumPy ? tr("NumPy") : tr("PyTorch"));
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copy"));
    connect(copy, &QPushButton::clicked, this, [this, tabs] {
        auto* text = qobject_cast<QPlainTextEdit*>(tabs->currentWidget());
        QGuiApplication::clipboard()->setText(text->toPlainText());
        emit copied(tr("Copied %1 code").arg(tabs->tabText(tabs->currentIndex())));
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs);
    layout->addWidget(buttons);
    resize(760, 560);
}

} // namespace rope::ui
