package sitio

import (
	"context"
	"fmt"
	"net"
	"time"
)

// Servir abre la sala con op, escucha en addr (con TLS si cert, el
// certificado PEM, no es vacío; clave es su clave) y llama a avisar con la
// dirección que hay que abrir; atiende hasta que ctx se cancela, y entonces
// cierra ordenadamente (los pedidos en curso tienen 5 s). Devuelve nil si
// terminó porque ctx se canceló.
func Servir(ctx context.Context, addr string, op Opciones, cert, clave string, avisar func(url string, s *Sala)) error {
	s, err := Abrir(op)
	if err != nil {
		return err
	}
	defer s.Cerrar()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := s.Servidor()
	esquema := "http"
	if cert != "" {
		esquema = "https"
	}
	url := esquema + "://" + ln.Addr().String()
	if a, ok := ln.Addr().(*net.TCPAddr); ok && a.IP.IsUnspecified() {
		url = fmt.Sprintf("%s://localhost:%d", esquema, a.Port)
	}
	avisar(url, s)
	errc := make(chan error, 1)
	go func() {
		if cert != "" {
			errc <- srv.ServeTLS(s.Oyente(ln, true), cert, clave)
		} else {
			errc <- srv.Serve(s.Oyente(ln, false))
		}
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	apagar, cancelar := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancelar()
	srv.Shutdown(apagar)
	return nil
}
