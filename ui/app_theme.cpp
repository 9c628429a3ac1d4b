// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app_theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace rope::ui {

namespace {

struct SystemLook {
    QString styleName;
    QPalette palette;
};

// What the desktop gave before the first change, so "System" can go back to it.
SystemLook& systemLook() {
    static SystemLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

ThemeChoice& current() {
    static ThemeChoice choice = ThemeChoice::System;
    return choice;
}

QPalette darkPalette() {
    // Greys of common dark desktop themes; text ≥ 12:1 on the base colour, links light blue
    // (#8ab4f8 on #1e1f22 ≈ 8:1) so lesson links stay readable.
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa0, 0xa0));
    p.setColor(QPalette::Text, text);
    // Buttons and slider handles a step lighter than the window, so they stand out from it.
    p.setColor(QPalette::Button, QColor(0x3c, 0x3f, 0x44));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x8a, 0x65));
    p.setColor(QPalette::Light, QColor(0x45, 0x47, 0x4b));
    p.setColor(QPalette::Midlight, QColor(0x3a, 0x3c, 0x40));
    p.setColor(QPalette::Mid, QColor(0x90, 0x92, 0x96));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xd6));
    p.setColor(QPalette::HighlightedText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf9));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    return p;
}

} // namespace

QString themeChoiceId(ThemeChoice choice) {
    switch (choice) {
    case ThemeChoice::Light:
        return QStringLiteral("light");
    case ThemeChoice::Dark:
        return QStringLiteral("dark");
    case ThemeChoice::System:
        break;
    }
    return QStringLiteral("system");
}

std::optional<ThemeChoice> themeChoiceFromId(const QString& id) {
    for (ThemeChoice c : {ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark}) {
        if (id == themeChoiceId(c)) {
            return c;
        }
    }
    return std::nullopt;
}

bool paletteIsDark(const QPalette& palette) {
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

PlotTheme plotThemeFor(const QPalette& palette) {
    return paletteIsDark(palette) ? PlotTheme::Dark : PlotTheme::Light;
}

void applyThemeChoice(ThemeChoice choice) {
    const SystemLook& system = systemLook(); // captured before the first change
    current() = choice;
    if (choice == ThemeChoice::System) {
        QApplication::setStyle(system.styleName);
        QApplication::setPalette(system.palette);
        return;
    }
    // Fusion draws with the palette everywhere; native styles (GTK) may ignore it.
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(
        choice == ThemeChoice::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

ThemeChoice currentThemeChoice() {
    return current();
}

} // namespace rope::ui
