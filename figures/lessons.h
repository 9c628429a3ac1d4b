// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QString>

#include <string_view>

/// \file lessons.h
/// Lesson texts are resource files, `:/lessons/<panel-id>.<lang>.html` (compiled in from
/// resources/lessons/), so translators edit HTML, not C++. Numbers in a lesson are written as
/// placeholders `{{name}}` and filled in from the core when the lesson is loaded, so a lesson
/// never states a number the code would not compute.

namespace rope::figures {

/// \brief The named numbers lessons may use, each computed by the core and formatted for
/// reading (e.g. "heatmap.slowest-wavelength" → "54,000").
QMap<QString, QString> lessonValues();

/// \brief Lesson of \p panel in \p language ("en", "zh_CN"), falling back to English; every
/// `{{name}}` replaced by lessonValues(). Empty if the panel has no lesson file. An unknown
/// placeholder stays visible as `{{name?}}` (tst_lessons fails on it).
QString lessonHtml(std::string_view panel, const QString& language = QStringLiteral("en"));

/// \brief \p html with every `{{name}}` replaced by lessonValues(); an unknown name becomes
/// `{{name?}}`. What lessonHtml() does to a lesson file (split out so it can be fuzzed).
QString expandLessonPlaceholders(const QString& html);

} // namespace rope::figures
