print("feedbackflow: not implemented yet")
