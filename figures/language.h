// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

/// \file language.h
/// The languages both programs speak. Texts are English in the source; a language other than
/// English is a Qt Linguist translation (resources/translations/rope-explorer_<lang>.ts,
/// compiled by qt_add_translations() into :/i18n/rope-explorer_<lang>.qm inside the program,
/// so an installed binary needs no file beside it), plus lesson files `<id>.<lang>.html` and
/// course texts keyed by the same code. Qt Core only: rope-cli's number commands and the
/// figure data functions (worker threads; QCoreApplication::translate is thread-safe) use it.

namespace rope::figures {

/// \brief QSettings key of the GUI's chosen language (a code of availableLanguages()).
inline constexpr const char* kLanguageKey = "language";

/// \brief Language codes in menu order: "en" (the source texts), "zh_CN" (简体中文).
const QStringList& availableLanguages();

/// \brief The language's own name for itself ("English", "简体中文"), as a menu shows it;
/// empty for an unknown code.
QString languageName(const QString& code);

/// \brief "zh_CN" when the system locale is Chinese (zh, zh_CN, zh_TW, …: simplified is the
/// only Chinese we have), else "en".
QString systemLanguage();

/// \brief Installs the translators of \p code on the application (replacing earlier ones):
/// ours from :/i18n/, and Qt's own qtbase_<code>.qm (standard buttons) when the system has it.
/// \returns false, changing nothing, when \p code is not in availableLanguages().
bool installLanguage(const QString& code);

/// \brief Prepares font fallback for \p code; call before the QGuiApplication exists.
/// Fontconfig orders the fonts that fill in missing glyphs by the language it reads from the
/// environment once, at start: with a C or English locale the CJK characters come from the
/// Japanese face of Noto Sans CJK (other glyph forms than Simplified Chinese). For "zh_CN" this
/// sets FC_LANG=zh-cn (unless the user set FC_LANG), which changes nothing but that order.
void prepareFontsFor(const QString& code);

/// \brief The language installed last ("en" before any): the key for lessons and course texts.
QString currentLanguage();

/// \brief "unknown language 'xx' (languages: en, zh_CN)", the one message both programs give.
QString unknownLanguageMessage(const QString& code);

} // namespace rope::figures
