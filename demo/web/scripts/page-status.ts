/** Pages that only show the service status line (contact page, strict-CSP page); the widget needs no script of ours. */
import { readDemoSettings } from './lib/service';
import { showServiceStatus } from './lib/status';

const status = document.getElementById('service-status');
if (status) void showServiceStatus(status, readDemoSettings());
