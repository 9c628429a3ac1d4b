// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "figures/course.h"
#include "ui/course_answers.h"

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
/// options to its panel and shows it. Answers come from a CourseAnswers cache: computed once
/// per step on the compute pool, never on the GUI thread; until one is ready the pane says it is
/// computing, and a Check or Show answer given meanwhile is answered when it arrives. With \p
/// persistent, the current step and the solved steps are remembered in QSettings ("course/step",
/// "course/solved").
class CoursePane : public QWidget {
    Q_OBJECT

public:
    /// \p answers is shared (e.g. with the presenter) or, when null, owned by the pane.
    CoursePane(const std::vector<figures::CourseStep>& steps, bool persistent,
               QWidget* parent = nullptr, CourseAnswers* answers = nullptr);

    /// \brief The answer cache the pane reads (never computes on the GUI thread).
    CourseAnswers& answers() const noexcept { return *m_answers; }
    /// \brief True once the current step's answer is in the cache.
    bool answerReady() const;

    int currentIndex() const noexcept { return m_index; }
    const figures::CourseStep& currentStep() const { return m_steps[std::size_t(m_index)]; }
    /// \brief Ids of the steps answered correctly.
    const QSet<QString>& solved() const noexcept { return m_solved; }
    /// \brief Shows step \p index (clamped) and emits openStep().
    void setCurrentIndex(int index);
    /// \brief Checks \p text as the answer to the current step: shows the verdict and the
    /// explanation (or why the text is not a number). While the answer is still being
    /// computed the check waits for it (the pane says so). \return true if correct now.
    bool checkAnswer(const QString& text);
    /// \brief Shows the expected answer and the explanation (after a wrong answer).
    void revealAnswer();

signals:
    void openStep(const rope::figures::CourseStep& step);

private:
    enum class Waiting { Nothing, Check, Reveal };
    void showStep();
    void showTexts();
    void answerArrived(const QString& stepId);
    void updateProgress();
    void save() const;

    const std::vector<figures::CourseStep>& m_steps;
    bool m_persistent;
    CourseAnswers* m_answers;
    Waiting m_waiting = Waiting::Nothing;
    QString m_waitingText;
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
