package io.dpbandit;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Entry point of the dpbandit service. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DpbanditApplication {

    public static void main(String[] args) {
        SpringApplication.run(DpbanditApplication.class, args);
    }
}
