// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/course.h"

#include <QSet>
#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace rope::ui {

/// \brief The guided course (figures/course.h) as a side pane: the current step's title, task
/// and question, an answer field with Check, the verdict and, once correct (or on Show answer),
/// the explanation,
/// Previous/Next, and the progress (steps answered correctly).
///
/// Moving to a step emits openStep(); the main window applies the step's parameters and
/// options to its panel and shows it. With \p persistent, the current step and the solved steps
/// are remembered in QSettings ("course/step", "course/solved").
class CoursePane : public QWidget {
    Q_OBJECT

public:
    CoursePane(const std::vector<figures::CourseStep>& steps, bool persistent,
               QWidget* parent = nullptr);

    int currentIndex() const noexcept { return m_index; }
    const figures::CourseStep& currentStep() const { return m_steps[std::size_t(m_index)]; }
    /// \brief Ids of the steps answered correctly.
    const QSet<QString>& solved() const noexcept { return m_solved; }
    /// \brief Shows step \p index (clamped) and emits openStep().
    void setCurrentIndex(int index);
    /// \brief Checks \p text as the answer to the current step: shows the verdict and the
    /// explanation (or why the text is not a number). \return true if correct.
    bool checkAnswer(const QString& text);
    /// \brief Shows the expected answer and the explanation (after a wrong answer).
    void revealAnswer();

signals:
    void openStep(const rope::figures::CourseStep& step);

private:
    void showStep();
    void updateProgress();
    void save() const;

    const std::vector<figures::CourseStep>& m_steps;
    bool m_persistent;
    int m_index = 0;
    QSet<QString> m_solved;
    QLabel* m_title;
    QProgressBar* m_progress;
    QTextBrowser* m_task;
    QLabel* m_question;
    QLineEdit* m_answer;
    QPushButton* m_check;
    QLabel* m_verdict;
    QTextBrowser* m_explanation;
    QPushButton* m_previous;
    QPushButton* m_next;
    QPushButton* m_reveal;
};

} // namespace rope::ui
