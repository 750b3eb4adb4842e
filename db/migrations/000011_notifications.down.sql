DROP TABLE IF EXISTS notification_preferences;
DROP TABLE IF EXISTS notifications;
