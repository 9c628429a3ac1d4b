// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMap>
#include <QString>

#include <optional>
#include <string_view>
#include <vector>

/// \file lessons.h
/// Lesson texts are resource files, `:/lessons/<panel-id>.<lang>.html` (compiled in from
/// resources/lessons/), so translators edit HTML, not C++. Numbers in a lesson are written as
/// placeholders `{{name}}` and filled in from the core when the lesson is loaded, so a lesson
/// never states a number the code would not compute.
///
/// A lesson holds six sections in this order, each opened by a marker comment on a line of its
/// own and an `<h4>` heading in the file's language:
/// `<!-- section: idea -->` (the concept, at most 200 words, one formula), `predict` (a question
/// to answer before touching the panel), `try`, `misconception`, `using` (the panel's controls
/// and colours; the GUI folds it by default) and `sources` (published work only). What precedes
/// the first marker (a title) belongs to no section.

namespace rope::figures {

/// \brief The named numbers lessons may use, each computed by the core and formatted for
/// reading (e.g. "heatmap.slowest-wavelength" → "54,000"). Computes every one (b* searches
/// included: seconds); a lesson asks only for its own through lessonValue().
QMap<QString, QString> lessonValues();

/// \brief One named number of lessonValues(), computed on first use and kept; std::nullopt for
/// an unknown name. Thread-safe; the values are constants, so the memo kept for the life of the
/// process changes no result (lessons.cpp says why it is race-free and safe at exit).
std::optional<QString> lessonValue(const QString& name);

/// \brief Lesson of \p panel in \p language ("en", "zh_CN"), falling back to English; every
/// `{{name}}` replaced by lessonValues(). Empty if the panel has no lesson file. An unknown
/// placeholder stays visible as `{{name?}}` (tst_lessons fails on it).
QString lessonHtml(std::string_view panel, const QString& language = QStringLiteral("en"));

/// \brief The section ids of a lesson, in the order a lesson file holds them: idea, predict,
/// try, misconception, using, sources.
const std::vector<std::string_view>& lessonSectionIds();

/// \brief One section of a lesson: its id (the marker's word) and its HTML from the line after
/// the marker up to the next marker (heading included).
struct LessonPart {
    QString id; ///< "idea", …; empty for the text before the first marker
    QString html;
};

/// \brief \p html cut at its `<!-- section: id -->` markers, in file order. The text before the
/// first marker is a part with an empty id (omitted when blank). A file without markers is one
/// part with an empty id. Unknown ids are kept as they are (tst_lessons rejects them).
std::vector<LessonPart> splitLesson(const QString& html);

/// \brief Section \p section ("idea", "misconception", …) of the lesson of \p panel in
/// \p language (falling back to English like lessonHtml()), heading included and placeholders
/// expanded. Empty if the panel has no lesson or the lesson has no such section.
QString lessonSection(std::string_view panel, const QString& language, std::string_view section);

/// \brief \p html with every `{{name}}` replaced by lessonValue(name); an unknown name becomes
/// `{{name?}}`. What lessonHtml() does to a lesson file (split out so it can be fuzzed).
QString expandLessonPlaceholders(const QString& html);

} // namespace rope::figures
