// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMutex>
#include <QTranslator>

#include <memory>

namespace rope::figures {

namespace {

// Installed translators live as long as the application; a new language replaces them.
struct Installed {
    QMutex mutex;
    QString code = QStringLiteral("en");
    std::unique_ptr<QTranslator> ours;
    std::unique_ptr<QTranslator> qt;
};

Installed& installed() {
    static Installed state;
    return state;
}

} // namespace

const QStringList& availableLanguages() {
    static const QStringList codes = {QStringLiteral("en"), QStringLiteral("zh_CN")};
    return codes;
}

QString languageName(const QString& code) {
    // Each language names itself, so a reader finds theirs whatever is shown now: these two
    // are deliberately not translated.
    if (code == QLatin1String("en")) {
        return QStringLiteral("English");
    }
    if (code == QLatin1String("zh_CN")) {
        return QStringLiteral("简体中文");
    }
    return {};
}

QString systemLanguage() {
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN")
                                                             : QStringLiteral("en");
}

bool installLanguage(const QString& code) {
    if (!availableLanguages().contains(code)) {
        return false;
    }
    Installed& state = installed();
    const QMutexLocker lock(&state.mutex);
    for (auto* t : {&state.ours, &state.qt}) {
        if (*t) {
            QCoreApplication::removeTranslator(t->get());
            t->reset();
        }
    }
    state.code = code;
    if (code == QLatin1String("en")) {
        return true; // the source texts
    }
    state.ours = std::make_unique<QTranslator>();
    if (state.ours->load(QStringLiteral(":/i18n/rope-explorer_%1.qm").arg(code))) {
        QCoreApplication::installTranslator(state.ours.get());
    }
    // Qt's own strings (OK/Cancel, file dialogs) from the system's Qt translations, if any.
    state.qt = std::make_unique<QTranslator>();
    if (state.qt->load(QStringLiteral("qtbase_%1").arg(code),
                       QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(state.qt.get());
    }
    return true;
}

void prepareFontsFor(const QString& code) {
    if (code == QLatin1String("zh_CN") && qEnvironmentVariableIsEmpty("FC_LANG")) {
        qputenv("FC_LANG", "zh-cn");
    }
}

QString currentLanguage() {
    Installed& state = installed();
    const QMutexLocker lock(&state.mutex);
    return state.code;
}

QString unknownLanguageMessage(const QString& code) {
    return QStringLiteral("unknown language '%1' (languages: %2)")
        .arg(code, availableLanguages().join(QStringLiteral(", ")));
}

} // namespace rope::figures
